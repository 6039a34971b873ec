// The measurement behind docs/decisions/0008-support-bot-retrieval.md: the same evaluation set
// and the same store, retrieval done three ways, on the embedded database and on PostgreSQL.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/bench-bot-compare.ts
//
// (a developer's script: it uses the test suite's cached demo-store databases, so run an
// integration test once first.)
//
//   pg-english   PostgreSQL full-text search as the bot had it: to_tsvector('english') over the
//                passages, the question's lexemes OR-ed, ranked by ts_rank; a match covers half
//                the question's lexemes.
//   pg-synonyms  PostgreSQL full-text search fed by the bot's own reading of words (language.ts:
//                synonyms, Hinglish, stems, spelling corrected in the application, as a
//                thesaurus cannot be installed on a hosted PostgreSQL), ranked by ts_rank, judged
//                by the same coverage rule as the bot.
//   minisearch   what the bot uses: MiniSearch in process over the same terms, same rule.
import { sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { classify, planReply } from "~/modules/support/bot-rules";
import { analyseText } from "~/modules/support/language";
import { answerFrom, buildCorpus, buildIndex, isGoodMatch, judgeCandidates, prepareQuestion, searchKnowledge, type Passage } from "~/modules/support/retrieval.server";
import { openTestDatabase, DRIVERS } from "../tests/support/test-database";
import { judge, loadBotEval, percentile, summarise, type EvalOutcome } from "../scripts/bot-eval";

type Engine = (question: string) => Promise<string | null>;

async function pgEnglish(db: Db, passages: Passage[]): Promise<Engine> {
  const docs = JSON.stringify(passages.map((p) => [[p.title, ...(p.asked ?? [])].join(" "), p.text]));
  const built = (await db.execute(sql`
    select (setweight(to_tsvector('english', e->>0), 'A') || setweight(to_tsvector('english', e->>1), 'B'))::text as v
    from jsonb_array_elements(${docs}::jsonb) with ordinality as t(e, n) order by n
  `)) as unknown as { rows: { v: string }[] };
  const vectors = JSON.stringify(built.rows.map((r) => r.v));
  return async (question) => {
    const result = (await db.execute(sql`
      with q as (select coalesce(array_agg(distinct l), '{}') as lex from unnest(tsvector_to_array(to_tsvector('english', ${question}))) as l),
      tsq as (
        select case when cardinality(lex) = 0 then null
          else array_to_string(array(select quote_literal(x) from unnest(lex) as x), ' | ')::tsquery end as query, lex from q
      ),
      docs as (select (n - 1)::int as i, (e #>> '{}')::tsvector as v from jsonb_array_elements(${vectors}::jsonb) with ordinality as t(e, n))
      select docs.i, coalesce(ts_rank(docs.v, tsq.query), 0)::float8 as rank,
        (select count(*) from unnest(tsq.lex) as x where x = any(tsvector_to_array(docs.v)))::int as matched,
        cardinality(tsq.lex)::int as terms
      from docs, tsq order by matched desc, rank desc, docs.i limit 1
    `)) as unknown as { rows: { i: number; rank: number; matched: number; terms: number }[] };
    const best = result.rows[0];
    if (!best || best.matched === 0 || best.rank <= 0) return null;
    return best.matched >= 3 || best.matched / best.terms >= 0.5 ? answerFrom(passages[best.i]!) : null;
  };
}

async function pgSynonyms(db: Db, passages: Passage[]): Promise<Engine> {
  const index = buildIndex(passages);
  // The terms language.ts makes ("#ship", "warranti", ...) stored as they are ('simple' changes nothing but case).
  const quoteTerm = (t: string) => `'${t.replace(/'/g, "''")}'`;
  const docs = JSON.stringify(passages.map((p) => [analyseText([p.title, ...(p.asked ?? [])].join(" ")).map(quoteTerm).join(" "), analyseText(p.text).map(quoteTerm).join(" ")]));
  const built = (await db.execute(sql`
    select (setweight((e->>0)::tsvector, 'A') || setweight((e->>1)::tsvector, 'B'))::text as v
    from jsonb_array_elements(${docs}::jsonb) with ordinality as t(e, n) order by n
  `)) as unknown as { rows: { v: string }[] };
  const vectors = JSON.stringify(built.rows.map((r) => r.v));
  return async (question) => {
    const q = prepareQuestion(index, question);
    if (!q.terms.length) return null;
    const query = q.terms.map(quoteTerm).join(" | ");
    const result = (await db.execute(sql`
      with docs as (select (n - 1)::int as i, (e #>> '{}')::tsvector as v from jsonb_array_elements(${vectors}::jsonb) with ordinality as t(e, n))
      select i, ts_rank(v, ${query}::tsquery)::float8 as score from docs where v @@ ${query}::tsquery order by score desc, i limit 12
    `)) as unknown as { rows: { i: number; score: number }[] };
    const best = judgeCandidates(index, q, result.rows.map((r) => ({ id: Number(r.i), score: Number(r.score) })))[0];
    return isGoodMatch(best) ? answerFrom(best.passage) : null;
  };
}

function miniSearch(passages: Passage[]): Engine {
  const index = buildIndex(passages);
  return async (question) => {
    const best = searchKnowledge(index, question)[0];
    return isGoodMatch(best) ? answerFrom(best.passage) : null;
  };
}

const ROUNDS = 3;
const questions = loadBotEval();
const report: Record<string, unknown>[] = [];
for (const kind of DRIVERS) {
  const database = await openTestDatabase(kind, { seeded: true });
  try {
    const passages = await buildCorpus(database.db);
    const engines: [string, Engine][] = [
      ["pg-english", await pgEnglish(database.db, passages)],
      ["pg-synonyms", await pgSynonyms(database.db, passages)],
      ["minisearch", miniSearch(passages)],
    ];
    for (const [name, ask] of engines) {
      const times: number[] = [];
      let outcomes: EvalOutcome[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        outcomes = [];
        for (const question of questions) {
          const step = planReply(classify(question.q), { status: "open", staffReplied: false, unmatched: 0 });
          const t0 = performance.now();
          const answer = step.kind === "answer" ? await ask(question.q) : null;
          times.push(performance.now() - t0);
          outcomes.push({ question, answer, right: judge(question, answer) });
        }
      }
      const s = summarise(outcomes);
      report.push({
        database: kind,
        engine: name,
        score: s.score,
        right: `${s.right}/${s.questions}`,
        answerable: `${s.answerable.right}/${s.answerable.questions}`,
        handedOver: `${s.outsideKnowledge.handedOver}/${s.outsideKnowledge.questions}`,
        p50ms: +percentile(times, 50).toFixed(2),
        p99ms: +percentile(times, 99).toFixed(2),
      });
    }
  } finally {
    await database.close();
  }
}
console.table(report);

// The support bot's score and answer time (`npm run bench` runs it; it also runs alone):
//
//   npx tsx bench/bench-bot.ts
//
// Opens a fresh embedded store with the demo content (DATA_DIR in a temp folder, no LLM) and asks
// every question of its evaluation sets (scripts/bot-eval.ts: "tuned", the set the bot was
// improved against; "holdout", written blind, first scored before any change, then used to
// improve the bot; "fresh", "blind2" to "blind6" and "blind8" to "blind12", later batches, each first scored
// unchanged and then tuned to) twice:
//   - "bot": the bot alone (understanding and retrieval over the cached index: previewReply);
//   - "chat": the whole chat call, POST /api/support/chat in process: each question as a new
//     visitor's first message (creating the conversation, its limits, the bot's reply), and again
//     as a message in that conversation (store the message, the bot's reply, store that).
// Prints each set's score and the questions it got wrong, and p50/p99/max of both times (over all
// sets) as JSON; exits 1 when one of the named sets scores under 90% (a file given with
// BOT_EVAL_FILE is printed, not gated) or the bot's p99 is over 200 ms.
// BOT_EVAL_SETS=holdout (a comma list) scores only the sets named. BOT_EVAL_FILE=path/to/batch.json
// (a comma list; same format as tests/fixtures/bot-eval.json, relative to the current folder)
// scores those files too, each as a set named by its file name, printed and not gated; with
// BOT_EVAL_SETS= (empty) only the files are scored. BOT_ROUNDS (default 3) sets the bot-alone rounds.
// A new blind batch, alone:  BOT_EVAL_SETS= BOT_EVAL_FILE=/tmp/blind.json npx tsx bench/bench-bot.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { readConfig } from "~/config.server";
import { BOT_NAME, previewReply } from "~/modules/support/bot.server";
import { supportDeps } from "~/modules/support/deps.server";
import { openServices } from "~/services.server";
import { supportApi } from "../server/support-api";
import { EVAL_SETS, GATED_SETS, judge, loadBotEval, loadEvalFile, percentile, summarise, type EvalOutcome, type EvalQuestion, type EvalSetName } from "../scripts/bot-eval";

const ROUNDS = Number(process.env.BOT_ROUNDS ?? 3);
const SETS = (process.env.BOT_EVAL_SETS === undefined ? Object.keys(EVAL_SETS) : process.env.BOT_EVAL_SETS.split(",").filter(Boolean)) as EvalSetName[];
for (const name of SETS) if (!(name in EVAL_SETS)) throw new Error(`BOT_EVAL_SETS: no set "${name}" (sets: ${Object.keys(EVAL_SETS).join(", ")})`);
const FILES = (process.env.BOT_EVAL_FILE ?? "").split(",").filter(Boolean);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-bench-bot-"));
// The embedded database and no LLM, whatever the environment says: the bot's own answers are measured.
const { DATABASE_URL: _db, LLM_API_KEY: _key, LLM_BASE_URL: _llm, ...env } = process.env;
const services = await openServices(readConfig({ ...env, DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "auto" }));
try {
  const deps = supportDeps(services);
  const sets = new Map<string, EvalQuestion[]>(SETS.map((name) => [name, loadBotEval(name)]));
  for (const file of FILES) sets.set(path.basename(file), loadEvalFile(path.resolve(file)));
  if (!sets.size) throw new Error("nothing to score: name a set in BOT_EVAL_SETS or a file in BOT_EVAL_FILE");
  const questions = [...sets.values()].flat();
  const app = new Hono().route("/api/support", supportApi(services, { replyMailSweepMs: 0 }));

  // The first question builds the index (reading the store once); it is timed apart.
  const coldStart = performance.now();
  await previewReply(deps, questions[0]!.q);
  const indexBuildMs = performance.now() - coldStart;

  const botMs: number[] = [];
  const outcomes = new Map<string, EvalOutcome[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, setQuestions] of sets) {
      const setOutcomes: EvalOutcome[] = [];
      for (const question of setQuestions) {
        const t0 = performance.now();
        const reply = await previewReply(deps, question.q);
        botMs.push(performance.now() - t0);
        setOutcomes.push({ question, answer: reply.text, right: judge(question, reply.text) });
      }
      outcomes.set(name, setOutcomes);
    }
  }

  // Through the chat: a new visitor's first message is the question (creating the conversation),
  // then the same question again in that open conversation (the usual case: a chat under way).
  const firstMs: number[] = [];
  const chatMs: number[] = [];
  let chatRight = 0;
  const post = async (i: number, body: Record<string, unknown>, token?: string) => {
    const t0 = performance.now();
    const res = await app.request("/api/support/chat", {
      method: "POST",
      // A new visitor each time (no cookie); addresses spread so that no ceiling is met.
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.99.${Math.floor(i / 200)}.${i % 200}`, ...(token ? { "X-Visitor-Token": token } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { conversationId: string; visitorToken?: string; messages?: { senderName: string; message: string }[] };
    return { ms: performance.now() - t0, json, bot: json.messages?.find((m) => m.senderName === BOT_NAME)?.message ?? null };
  };
  for (const [i, question] of questions.entries()) {
    const first = await post(i, { conversationId: null, message: question.q, visitorInfo: { name: "Bench" } });
    firstMs.push(first.ms);
    // An unanswered question gets the "could not find" reply in a conversation: the hand-over path.
    const answer = first.bot && !first.bot.startsWith("Sorry, I could not find") ? first.bot : null;
    if (judge(question, answer)) chatRight++;
    const again = await post(i, { conversationId: first.json.conversationId, message: question.q }, first.json.visitorToken);
    chatMs.push(again.ms);
  }

  const stats = (xs: number[]) => ({ p50: +percentile(xs, 50).toFixed(2), p99: +percentile(xs, 99).toFixed(2), max: +Math.max(...xs).toFixed(2) });
  const summaries = Object.fromEntries([...outcomes].map(([name, setOutcomes]) => [name, summarise(setOutcomes)]));
  const result = {
    database: services.database.kind,
    llm: false,
    sets: summaries,
    chatScore: +(chatRight / questions.length).toFixed(3),
    indexBuildMs: +indexBuildMs.toFixed(1),
    botAnswerMs: { samples: botMs.length, ...stats(botMs) },
    chatCallMs: { samples: chatMs.length, ...stats(chatMs) },
    firstMessageCallMs: { samples: firstMs.length, ...stats(firstMs) },
    loadAverage: os.loadavg().map((l) => +l.toFixed(1)),
    cores: os.cpus().length,
  };
  console.log(JSON.stringify(result, null, 2));
  const under = GATED_SETS.some((name) => (summaries[name]?.score ?? 1) < 0.9);
  if (under || result.botAnswerMs.p99 > 200) process.exitCode = 1;
} finally {
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

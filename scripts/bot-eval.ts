import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The support bot's evaluation sets and how an answer is judged: shared by their test
// (tests/integration/support-bot-eval.test.ts) and `npm run bench`. Two sets, scored apart:
//   - "tuned" (tests/fixtures/bot-eval.json): the questions the bot was improved against;
//   - "holdout" (tests/fixtures/bot-eval-holdout.json): written blind, before its author read the
//     bot's code or the tuned set, and never tuned to question by question. Its score is the honest
//     one: how the bot does on wording nobody fitted it to;
//   - "fresh" (tests/fixtures/bot-eval-fresh.json): a second batch written after the held-out set
//     had been used to improve the bot, committed before it was run (65.6% on its first try), then
//     used to tune the context-word round: tuned too since;
//   - "blind2" (tests/fixtures/bot-eval-blind2.json): written blind by an engineer who never read
//     the bot, first scored unchanged (52.8% of the answerable questions), then the tuning set of
//     the settings-facts and catalogue-answers round: tuned too since;
//   - "blind3" (tests/fixtures/bot-eval-blind3.json): written blind by another engineer from the
//     store's content only, first scored unchanged (76 of 94 answerable, 19 of 20 handed over),
//     then the tuning set of the round of shipping amounts, tracking how-tos and story words.
//   - "blind4" (tests/fixtures/bot-eval-blind4.json): written blind by another engineer from the
//     store's content only, first scored unchanged (72 of 100 answerable, 20 of 24 handed over),
//     then the tuning set of the round of Hinglish how-long, listed-product totals and staff-only
//     promises (bulk quotes, same-day delivery).
//   - "blind5" (tests/fixtures/bot-eval-blind5.json): written blind by another engineer from the
//     store's content only, first scored unchanged (67 of 90 answerable, 18 of 21 handed over),
//     then the tuning set of the round of general mechanisms: a Hinglish lexicon, spelling
//     correction kept to same-first-letter typos, product options and superlatives from the
//     catalogue, staff-only promises (a delivery date, a restock, one PIN code's service).
//   - "blind6" (tests/fixtures/bot-eval-blind6.json): written blind by another engineer from the
//     store's content only, first scored unchanged (72 of 106 answerable, 18 of 22 handed over;
//     78 and 19 after the blind5 round, which never saw it), then the tuning set of the round of
//     cart totals read from the question (counts, sizes, several products), savings, product
//     comparisons and descriptions, checkout's boxes, Hinglish shorthand.
//   - "blind8" (tests/fixtures/bot-eval-blind8.json): written blind by a helper from the store's
//     content only, first scored unchanged (74 of 97 answerable, 22 of 24 handed over), then the
//     tuning set of the round of invoice facts (seller, GST split, HSN codes), the per-line
//     quantity limit, COD checked as checkout checks it, size-price differences, original prices.
//   - "blind9" (tests/fixtures/bot-eval-blind9.json): written blind by a helper from the store's
//     content only, first scored unchanged (86 of 99 answerable, 18 of 23 handed over), then the
//     tuning set of the round of another brand's products, EMI and the saving beside a struck-out
//     price; gated once the blind10 round handed over its last outside questions (partnerships,
//     lunch boxes).
//   - "blind10" (tests/fixtures/bot-eval-blind10.json): written blind by a helper from the store's
//     content only, first scored unchanged (83 of 99 answerable, 23 of 23 handed over), then the
//     tuning set of the round of a stated amount checked against the COD limit with its fee,
//     counts told as "60 of the same bottle", partnerships handed to staff, Hinglish where-is,
//     since-when and used-it phrasing.
//   - "blind11" (tests/fixtures/bot-eval-blind11.json): written blind by a helper from the store's
//     content only, first scored unchanged (82 of 99 answerable, 23 of 24 handed over), then the
//     tuning set of the round of the asking part that only asks "how much" of a story about
//     something the shop never names, the tracking page named when asked where, chat spellings
//     and story words (a sport, papers, an appliance's brand), small places as towns.
//   - "blind12" (tests/fixtures/bot-eval-blind12.json): written blind by a helper from the store's
//     content only, first scored unchanged (79 of 99 answerable, 23 of 23 handed over), then the
//     tuning set of the round of cash paid "at the time of delivery" as COD, a status checked
//     without a number as tracking, where the chat button is, possessives, counts in words, the
//     shopper's people and framing words (procedure, permissible, wishes).
//   - "blind13" and "blind14" (tests/fixtures/bot-eval-blind13.json, -blind14.json): written blind by
//     two helpers from the store's content only, committed before the bot ran on them and first
//     scored unchanged (70 of 99 answerable and 22 of 23 handed over; 65 of 99 and 21 of 23). The
//     afternoon round of 2026-11-28 read blind13's misses only and changed general rules (words the
//     shop never uses beyond a message's first count as context; a letter's greeting and signature;
//     adverbs; account and mobile-number facts): blind14, unread until then, got 68 of 99 and 20 of
//     23, its honest second measure (21 of 23 once its misses had shown "is that correct" answered
//     as the privacy policy). blind14 was then tuned to as well (closed-class words, the GST inside
//     an amount, the cart and the sorts as facts): 77 of 99, 21 of 23; blind13 80 of 99, 22 of 23.
//     Both are printed and not gated (under 90%).
//   - "blind15" (tests/fixtures/bot-eval-blind15.json): written blind by a helper from the store's
//     content only on 2026-11-29 (new personas; Bengali-, Marathi- and Malayalam-English besides
//     Hinglish) and first scored unchanged: 85 of 100 answerable, 21 of 23 handed over, the
//     best first read of any batch since blind10. Its round then changed general rules: another
//     form of a framing word frames ("confirmation" as "confirm"), signing up and logging in are
//     the account, a gateway is payment, everyday Hindi (barf, gir-, jud-/jod-, rishtedar), a
//     site's section, a date and a count as the story, whether something is compulsory as
//     framing, a health condition handed to staff: 94 of 100, 22 of 23. Printed and not gated:
//     one outside question is still answered (a Bengali "chai", which means "want", read as the
//     Chai Tumbler), and the gate asks every outside question handed over.
//   - "blind16" (tests/fixtures/bot-eval-blind16.json): written blind by a helper on 2026-11-29,
//     a third Hinglish and much Tamil-, Telugu-, Kannada-, Gujarati- and Punjabi-English. First
//     scored unchanged: 74 of 103 answerable, 19 of 23 handed over; most misses were those
//     languages' grammar and question words weighing as words the shop never uses. Its round added
//     a lexicon of them (regional.ts), counts and "and" in them for sums, finger and sweating words
//     in Hindi, and immunity, acidity and digestion as health questions: 91 of 103, 20 of 23. A
//     second pass on 2026-11-29 (counting words before a name, kind words of a name, the shop's
//     GSTIN, a card issued abroad and gift wrapping left to a taught FAQ entry, the asking part's answer on another
//     subject): 102 of 103 and 23 of 23; gated since.
//   - "blind17" (tests/fixtures/bot-eval-blind17.json): written blind by a helper on 2026-11-29,
//     leaning on Bengali, Assamese, Odia, Marathi, Malayalam, Bhojpuri, Haryanvi and Urdu in
//     Latin letters. First scored after blind16's second pass, which never saw it: 41 of 102
//     answerable (40%), 25 of 25 handed over, the worst first read of any batch: nearly every
//     miss was a grammar word of a language the lexicon did not have, weighing as the word a
//     question turns on. Its round added those languages to regional.ts and hinglish.ts, their
//     counts and how-much words for sums, a hyphenated word read by its parts: 87 of 102, 24 of
//     25 (89 and 25 after the later rounds). Printed and not gated.
//   - "blind18" (tests/fixtures/bot-eval-blind18.json): written blind by a helper on 2026-11-29 as
//     an ordinary day's mix (about 40% Indian English, 35% Hinglish, the rest in ten other
//     languages) and first scored after blind17's round, which never saw it: 86 of 100 answerable,
//     22 of 26 handed over. Its round: a count after the name ("everest ki 2 bottle"), an
//     exploding lid as a fizzy drink's, tax "alag se", a first order and a sale to come in Hindi,
//     "where" and "how" in the other languages, a few more of their grammar words, and the
//     founder's name, the shop's social pages and a battery left to a taught FAQ entry: 98 of 100,
//     26 of 26. Gated.
//   - "blind19" (tests/fixtures/bot-eval-blind19.json): written blind by a helper on 2026-11-29,
//     another ordinary day's mix with older and formal writers ("Kindly inform", "Respected
//     Sir"), first scored after blind18's round, which never saw it: 60 of 95 answerable (63%),
//     23 of 25 handed over (56 and 22 on the bot as the day began). Its round: a formal request as
//     the asking part, formal framing words ("provide", "hope", "clarify"), greetings of more
//     regions, a size after "in" or a comma, a list read by its parts when the cart reading finds
//     fewer products, the price before in Hindi, a scratch as damage, and more grammar words of
//     the other languages: 80 of 95 (84%), 24 of 25. Printed and not gated.
//   - "blind20" (tests/fixtures/bot-eval-blind20.json): written blind by a helper on 2026-11-29,
//     an ordinary day with Indian English's own turns ("kindly furnish", "same will be refunded"),
//     first scored after blind19's round, which never saw it: 73 of 95 (77%), 25 of 25 handed
//     over. Its round (formal framing, an article as an item, a failed payment in Hindi, towns
//     shoppers name, "kaise track karu", more grammar words): 86 of 95 (90.5%), 25 of 25.
//     Printed and not gated (one question from the bar).
//   - "blind21" (tests/fixtures/bot-eval-blind21.json): written blind by a helper on 2026-11-29,
//     what shoppers type on a phone (fragments such as "cod chrg?" and "ret policy", SMS spellings,
//     voice typing, two questions in one) and ten rarer languages in Latin letters (Urdu, Marwari,
//     Konkani, Sindhi, Tulu, Nepali, Maithili, Kashmiri, Dogri, Hindi), first scored after blind20's
//     round, which never saw it: 53 of 79 answerable (67%), 25 of 27 handed over. Its round:
//     phone shorthand spelled out before anything reads the message, the grammar and how-much
//     words of those languages, "plus" as a list word, paying cash on arrival as cash on delivery,
//     a PIN code's form rule, another shop's order and the company as an investment to the team:
//     75 of 79 (95%), 27 of 27. Gated.
//   - "blind22" (tests/fixtures/bot-eval-blind22.json): written blind by a helper on 2026-11-29,
//     shoppers after or during a purchase and people buying for others (a dented parcel, a leaking
//     lid, a corporate order, a grandmother), first scored after blind21's round, which never saw
//     it: 57 of 78 answerable (73%), 24 of 27 handed over. Its round: a question asked beside an
//     order's number answered with that order's lookup offered, a price asked in another
//     language at a named size, "sabto vaddi" as the largest, more words of the ten languages,
//     another brand's comparison, a job and a courier's own number to the team: 64 of 78 (82%),
//     27 of 27 (67 of 78 after the later rounds). Printed and not gated.
//   - "blind23" (tests/fixtures/bot-eval-blind23.json): written blind by a helper on 2026-11-29,
//     an ordinary mix with twelve questions in Hindi typed in Devanagari, first scored after
//     blind22's round, which never saw it: 52 of 77 answerable (68%), 25 of 25 handed over; of
//     the nine answerable Devanagari questions, none. Its round: Devanagari read as the same
//     words in Latin letters (devanagari.ts), "can you share your number" as asking to be told,
//     "the 750ml ones" as the size: 63 of 77 (82%), 25 of 25. Printed and not gated.
//   - "blind24" (tests/fixtures/bot-eval-blind24.json): written blind by a helper on 2026-11-29
//     evening, festive and gifting shoppers (Rakhi, a wedding's sangeet, Diwali, corporate gifts)
//     typing in a hurry, a quarter in eight romanized languages, first scored after blind23's
//     round, which never saw it: 41 of 56 answerable (73%), 23 of 25 handed over. Its round: more
//     phone shorthand (wil, frm, frnd, 2day), "gst %" as the rate, a wedding's functions as
//     circumstances, Punjabi "gal" (talk), compensation to the team: 44 of 56 (79%), 24 of 25.
//     Printed and not gated.
//   (blind7, tests/fixtures/bot-eval-blind7.json, is scored with BOT_EVAL_FILE and not gated: its
//   misses were read during the blind8 round, so it is no longer a blind measure either.)

export type EvalQuestion = { q: string; expect: string[] | null; topic: string };
export type EvalOutcome = { question: EvalQuestion; answer: string | null; right: boolean; ms?: number };

export const EVAL_SETS = { tuned: "bot-eval.json", holdout: "bot-eval-holdout.json", fresh: "bot-eval-fresh.json", blind2: "bot-eval-blind2.json", blind3: "bot-eval-blind3.json", blind4: "bot-eval-blind4.json", blind5: "bot-eval-blind5.json", blind6: "bot-eval-blind6.json", blind8: "bot-eval-blind8.json", blind9: "bot-eval-blind9.json", blind10: "bot-eval-blind10.json", blind11: "bot-eval-blind11.json", blind12: "bot-eval-blind12.json", blind13: "bot-eval-blind13.json", blind14: "bot-eval-blind14.json", blind15: "bot-eval-blind15.json", blind16: "bot-eval-blind16.json", blind17: "bot-eval-blind17.json", blind18: "bot-eval-blind18.json", blind19: "bot-eval-blind19.json", blind20: "bot-eval-blind20.json", blind21: "bot-eval-blind21.json", blind22: "bot-eval-blind22.json", blind23: "bot-eval-blind23.json", blind24: "bot-eval-blind24.json", blind25: "bot-eval-blind25.json", blind26: "bot-eval-blind26.json", blind27: "bot-eval-blind27.json" } as const;
export type EvalSetName = keyof typeof EVAL_SETS;
/**
 * The sets the bot must answer 90% of (test and bench). The fresh batch joined them once the
 * round of 2026-11-27 (context words) had tuned to it, blind2 once the settings-facts round had
 * (90.7%), blind3 once the round of 2026-11-27 (amounts, tracking how-tos, story words) had,
 * blind4, blind5 and blind6 once their own rounds (2026-11-27) had, blind8 to blind12 once their rounds (2026-11-28) had,
 * blind16 once its second pass and blind18, blind21, blind25 and blind26 once their rounds (2026-11-29) had;
 * a new blind batch is scored with BOT_EVAL_FILE, printed and not gated, until a round uses it.
 */
export const GATED_SETS: readonly EvalSetName[] = ["tuned", "holdout", "fresh", "blind2", "blind3", "blind4", "blind5", "blind6", "blind8", "blind9", "blind10", "blind11", "blind12", "blind16", "blind18", "blind21", "blind25", "blind26"];

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../tests/fixtures");

export function loadBotEval(set: EvalSetName = "tuned"): EvalQuestion[] {
  return loadEvalFile(path.join(fixtures, EVAL_SETS[set]));
}

/** Any evaluation file in the sets' format (`{ "questions": [{ q, expect, topic }] }`), e.g. a new blind batch. */
export function loadEvalFile(file: string): EvalQuestion[] {
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { questions: EvalQuestion[] }).questions;
}

const plain = (s: string) => s.toLowerCase().replace(/\s+/g, " ");

/**
 * Whether an answer holds a fact: as written, and a number in it not as part of a longer one
 * ("₹99" is not found in "₹999", nor "2,796" in "12,796").
 */
function holds(answer: string, fact: string): boolean {
  const f = plain(fact);
  const escaped = f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const before = /^\d/.test(f) ? "(?<!\\d|\\d,)" : "";
  const after = /\d$/.test(f) ? "(?!\\d|,\\d)" : "";
  return new RegExp(`${before}${escaped}${after}`).test(plain(answer));
}

/** Right: the answer contains one of the expected facts; for a question outside the shop's knowledge, no answer (handed over). */
export function judge(question: EvalQuestion, answer: string | null): boolean {
  if (question.expect === null) return answer === null;
  return answer !== null && question.expect.some((fact) => holds(answer, fact));
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function summarise(outcomes: EvalOutcome[]) {
  const inside = outcomes.filter((o) => o.question.expect !== null);
  const outside = outcomes.filter((o) => o.question.expect === null);
  const right = outcomes.filter((o) => o.right).length;
  return {
    questions: outcomes.length,
    right,
    score: +(right / outcomes.length).toFixed(3),
    answerable: { questions: inside.length, right: inside.filter((o) => o.right).length },
    outsideKnowledge: { questions: outside.length, handedOver: outside.filter((o) => o.right).length },
    wrong: outcomes.filter((o) => !o.right).map((o) => ({ q: o.question.q, expected: o.question.expect, got: o.answer?.split("\n")[0] ?? null })),
  };
}

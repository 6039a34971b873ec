import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewReply } from "~/modules/support/bot.server";
import { supportDeps } from "~/modules/support/deps.server";
import type { AppServices } from "~/services.server";
import { judge, loadBotEval, summarise, type EvalOutcome, type EvalSetName } from "../../scripts/bot-eval";
import { openTestServices } from "../support/support-services";
import { DRIVERS } from "../support/test-database";

// The bot against its fifteen evaluation sets on the demo store, scored apart: "tuned"
// (tests/fixtures/bot-eval.json, the questions it was improved against), "holdout"
// (tests/fixtures/bot-eval-holdout.json), "fresh" (tests/fixtures/bot-eval-fresh.json) and
// "blind2" to "blind6", "blind8" to "blind12", "blind16", "blind18", "blind21", "blind25" and "blind26" (tests/fixtures/bot-eval-blind2.json to -blind26.json, each written by
// someone who never read the bot), each
// written blind and scored once before a round of improvements used it. Shoppers' own wording,
// Hinglish and misspellings; questions outside the shop's knowledge must be handed over, never
// answered.

/**
 * `trackingAskOutside`: blind4's author marked two questions outside the shop's knowledge because
 * they give no order number ("where is my order"), blind6's author one that gives a number
 * but no email or phone, and blind25's one ("Where is my parcel? I ordered last week"); the bot's designed answer to them is the in-chat order lookup, which
 * asks for what is missing (and hands over if the lookup fails). The fixtures are left as written:
 * those count as wrong in the set's score, and the every-outside-question-handed-over check is
 * made on the set's other outside questions.
 */
const SETS: { name: EvalSetName; minAnswerable: number; minOutside: number; trackingAskOutside?: number }[] = [
  { name: "tuned", minAnswerable: 60, minOutside: 12 },
  { name: "holdout", minAnswerable: 60, minOutside: 12 },
  { name: "fresh", minAnswerable: 25, minOutside: 5 },
  { name: "blind2", minAnswerable: 85, minOutside: 18 },
  { name: "blind3", minAnswerable: 90, minOutside: 20 },
  { name: "blind4", minAnswerable: 100, minOutside: 24, trackingAskOutside: 2 },
  { name: "blind5", minAnswerable: 90, minOutside: 21 },
  { name: "blind6", minAnswerable: 107, minOutside: 21, trackingAskOutside: 1 },
  { name: "blind8", minAnswerable: 98, minOutside: 23 },
  { name: "blind9", minAnswerable: 99, minOutside: 23 },
  { name: "blind10", minAnswerable: 99, minOutside: 23 },
  { name: "blind11", minAnswerable: 99, minOutside: 24 },
  { name: "blind12", minAnswerable: 99, minOutside: 23 },
  { name: "blind16", minAnswerable: 103, minOutside: 23 },
  { name: "blind18", minAnswerable: 100, minOutside: 26 },
  { name: "blind21", minAnswerable: 79, minOutside: 27 },
  { name: "blind25", minAnswerable: 56, minOutside: 24, trackingAskOutside: 1 },
  { name: "blind26", minAnswerable: 56, minOutside: 24 },
];

describe.each(DRIVERS)("support bot evaluation on %s", (kind) => {
  let services: AppServices;
  beforeAll(async () => {
    services = await openTestServices(kind);
  });
  afterAll(async () => {
    await services?.close();
  });

  it.each(SETS)("answers at least 90% of the $name set right and hands over every question outside its knowledge", async ({ name, minAnswerable, minOutside, trackingAskOutside = 0 }) => {
    const deps = supportDeps(services);
    const outcomes: EvalOutcome[] = [];
    let trackingAsks = 0;
    for (const question of loadBotEval(name)) {
      const reply = await previewReply(deps, question.q);
      if (question.expect === null && reply.kind === "order") trackingAsks++;
      outcomes.push({ question, answer: reply.text, right: judge(question, reply.text) });
    }
    // Never more tracking asks than the set is known to hold: any other outside question answered fails below.
    expect(trackingAsks).toBeLessThanOrEqual(trackingAskOutside);
    const summary = summarise(outcomes);
    expect(summary.answerable.questions).toBeGreaterThanOrEqual(minAnswerable);
    expect(summary.outsideKnowledge.questions).toBeGreaterThanOrEqual(minOutside);
    expect(summary.score, JSON.stringify(summary.wrong, null, 1)).toBeGreaterThanOrEqual(0.9);
    expect(summary.outsideKnowledge.handedOver + trackingAsks, JSON.stringify(summary.wrong, null, 1)).toBe(summary.outsideKnowledge.questions);
  });

  it("answers the asking part about the shop's terms, not a product its story happens to describe", async () => {
    const deps = supportDeps(services);
    const story = "bought the summit sport bottle 2 months back for my son and now the cap leaks water in his school bag every day. is this covered? how long is your warranty exactly";
    const reply = await previewReply(deps, story);
    expect(reply.text).toContain("2 year warranty");
    expect(reply.text).not.toContain("Kids Mini Bottle");
    // A message about a product it does not name but asks for still gets the product.
    expect((await previewReply(deps, "which bottle fits in my son's school bag?")).text).toContain("Kids Mini Bottle");
  });
});

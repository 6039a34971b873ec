import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewReply } from "~/modules/support/bot.server";
import { supportDeps } from "~/modules/support/deps.server";
import type { AppServices } from "~/services.server";
import { judge, loadBotEval, summarise, type EvalOutcome } from "../../scripts/bot-eval";
import { openTestServices } from "../support/support-services";
import { DRIVERS } from "../support/test-database";

// The bot against its evaluation set (tests/fixtures/bot-eval.json) on the demo store: shoppers'
// own wording, Hinglish and misspellings; questions outside the shop's knowledge must be handed
// over, never answered.

describe.each(DRIVERS)("support bot evaluation on %s", (kind) => {
  let services: AppServices;
  beforeAll(async () => {
    services = await openTestServices(kind);
  });
  afterAll(async () => {
    await services?.close();
  });

  it("answers at least 90% of the set right and hands over every question outside its knowledge", async () => {
    const deps = supportDeps(services);
    const outcomes: EvalOutcome[] = [];
    for (const question of loadBotEval()) {
      const reply = await previewReply(deps, question.q);
      outcomes.push({ question, answer: reply.text, right: judge(question, reply.text) });
    }
    const summary = summarise(outcomes);
    expect(summary.questions).toBeGreaterThanOrEqual(70);
    expect(summary.answerable.questions).toBeGreaterThanOrEqual(60);
    expect(summary.score, JSON.stringify(summary.wrong, null, 1)).toBeGreaterThanOrEqual(0.9);
    expect(summary.outsideKnowledge.handedOver, JSON.stringify(summary.wrong, null, 1)).toBe(summary.outsideKnowledge.questions);
  });
});

import { describe, expect, it } from "vitest";
import type { ChatMessage } from "./chat-input";
import { teachablePairs } from "./teaching";

let seq = 0;
const msg = (senderType: string, message: string): ChatMessage => ({
  id: `m${++seq}`,
  seq,
  conversationId: "c",
  senderType,
  senderName: senderType === "visitor" ? "Asha" : senderType === "ai" ? "GLACIAL Assistant" : "Priya",
  message,
  createdAt: new Date(0).toISOString(),
});

describe("teachablePairs", () => {
  it("pairs the shopper's question with the staff reply after the bot handed over", () => {
    const pairs = teachablePairs([
      msg("visitor", "Hello"),
      msg("ai", "Hi Asha!"),
      msg("visitor", "Do you offer bulk discounts for 50 bottles?"),
      msg("ai", "Sorry, I could not find an answer."),
      msg("visitor", "talk to a human"),
      msg("ai", "Of course."),
      msg("support", "Yes: 10% off from 25 bottles."),
      msg("support", "Write to care@glacial.in for a quote."),
      msg("visitor", "Thanks"),
    ]);
    expect(pairs).toEqual([
      { id: expect.any(String), question: "Do you offer bulk discounts for 50 bottles?", answer: "Yes: 10% off from 25 bottles.\nWrite to care@glacial.in for a quote.", answeredBy: "Priya" },
    ]);
  });

  it("offers nothing when staff only greeted, and pairs each question once", () => {
    expect(teachablePairs([msg("visitor", "agent please"), msg("admin", "Hi, how can I help?")])).toEqual([]);
    const pairs = teachablePairs([msg("visitor", "Is engraving free?"), msg("admin", "Yes."), msg("visitor", "ok"), msg("admin", "Anything else?")]);
    expect(pairs.map((p) => p.question)).toEqual(["Is engraving free?"]);
    expect(pairs[0]!.answer).toBe("Yes.");
  });
});

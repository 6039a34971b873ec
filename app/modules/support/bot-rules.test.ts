import { describe, expect, it } from "vitest";
import { afterNoMatch, classify, planReply, type ConversationState } from "./bot-rules";

const open: ConversationState = { status: "open", staffReplied: false, unmatched: 0 };

describe("classify", () => {
  it("recognises a request for a person", () => {
    for (const t of ["talk to a human", "Agent", "agent please", "Can I speak to someone from your team?", "I want a real person"]) {
      expect(classify(t), t).toBe("human");
    }
  });
  it("recognises order tracking", () => {
    for (const t of ["Track my order", "where is my order?", "order status for GL-10234", "my order 100234 has not arrived"]) {
      expect(classify(t), t).toBe("order");
    }
  });
  it("treats product and policy questions as questions", () => {
    for (const t of ["How long do bottles keep drinks cold?", "Is it dishwasher safe?", "price of the chai tumbler", "Do you ship to Pune?"]) {
      expect(classify(t), t).toBe("question");
    }
  });
  it("recognises greetings and thanks only as whole messages", () => {
    expect(classify("Hello!")).toBe("greeting");
    expect(classify("Thanks a lot")).toBe("thanks");
    expect(classify("hello, what sizes do you have?")).toBe("question");
  });
});

describe("hand-over rules", () => {
  it("hands over when asked, and not twice", () => {
    expect(planReply("human", open)).toEqual({ kind: "handover", reason: "asked" });
    expect(planReply("human", { ...open, status: "waiting_for_staff" })).toEqual({ kind: "silent" });
  });
  it("hands over on the second unanswered question", () => {
    expect(afterNoMatch(open)).toEqual({ kind: "no_match" });
    expect(afterNoMatch({ ...open, unmatched: 1 })).toEqual({ kind: "handover", reason: "unmatched" });
  });
  it("stays silent once staff replied, whatever the visitor writes", () => {
    const answered = { ...open, staffReplied: true };
    for (const intent of ["human", "order", "greeting", "thanks", "question"] as const) {
      expect(planReply(intent, answered)).toEqual({ kind: "silent" });
    }
    expect(afterNoMatch(answered)).toEqual({ kind: "silent" });
  });
  it("while waiting for staff, answers what it can but adds nothing for unanswered questions", () => {
    const waiting = { ...open, status: "waiting_for_staff" as const };
    expect(planReply("question", waiting)).toEqual({ kind: "answer" });
    expect(afterNoMatch(waiting)).toEqual({ kind: "silent" });
  });
  it("answers order questions with the order-tracking notice", () => {
    expect(planReply("order", open)).toEqual({ kind: "order" });
  });
});

import { describe, expect, it } from "vitest";
import { done, refusedAnswer, refusedAs, refusedWithValues } from "./action-result";
import { ConflictError, RateLimitedError, REFUSAL_STATUS, RejectedInputError, StaleRecordError, type RefusalKind } from "./save-outcome";

// What a route answers is read the way React Router sends it: the body and the response init.
type Answer = { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };
const read = (answer: unknown) => {
  const { data, init } = answer as Answer;
  return { status: init?.status, body: data, retryAfter: new Headers(init?.headers).get("Retry-After") };
};

describe("the one action-result shape", () => {
  it("answers a refusal named by its kind with that kind's status from the one table", () => {
    for (const kind of Object.keys(REFUSAL_STATUS) as RefusalKind[]) {
      expect(read(refusedAs(kind, "No.", "refund")), kind).toEqual({ status: REFUSAL_STATUS[kind], body: { ok: false, form: "refund", error: "No." }, retryAfter: null });
    }
  });

  it("answers a thrown refusal with its status, and a rate limit with Retry-After", () => {
    expect(read(refusedAnswer(new ConflictError("Already erased."), "note"))).toEqual({ status: 409, body: { ok: false, form: "note", error: "Already erased." }, retryAfter: null });
    expect(read(refusedAnswer(new RateLimitedError("Too many checkouts.", 120)))).toEqual({ status: 429, body: { ok: false, error: "Too many checkouts." }, retryAfter: "120" });
    expect(() => refusedAnswer(new Error("connection lost"))).toThrow("connection lost");
  });

  it("gives a form refilled from the answer the whole message, the field messages and what was typed", () => {
    const refused = read(refusedWithValues(new RejectedInputError({ tag: "At most 20 tags." }, "A customer can have at most 20 tags."), "tag", { tag: "vip" }));
    expect(refused).toEqual({
      status: 400,
      body: { ok: false, form: "tag", error: "A customer can have at most 20 tags.", fieldErrors: { tag: "At most 20 tags." }, values: { tag: "vip" } },
      retryAfter: null,
    });
    expect(done("transition", "Order shipped.")).toEqual({ form: "transition", ok: true, message: "Order shipped." });
  });

  it("gives a button's form (nothing typed) the whole message even beside field messages, and no values", () => {
    expect(read(refusedWithValues(new StaleRecordError("This discount"), undefined))).toEqual({
      status: 409,
      body: { ok: false, error: "This discount was changed by someone else — reload to see their changes." },
      retryAfter: null,
    });
    expect(read(refusedWithValues(new RejectedInputError({ count: "No bulk codes here." }), "bulk")).body).toEqual({ ok: false, form: "bulk", error: "No bulk codes here.", fieldErrors: { count: "No bulk codes here." } });
    expect(() => refusedWithValues(new Error("connection lost"), undefined)).toThrow("connection lost");
  });
});

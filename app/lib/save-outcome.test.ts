import { describe, expect, it } from "vitest";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  outcomeOf,
  RateLimitedError,
  REFUSAL_STATUS,
  refusalKindOf,
  refusalOf,
  RejectedInputError,
  StaleRecordError,
  StorageFullError,
  TooLargeError,
  UnauthenticatedError,
  type RefusalKind,
} from "./save-outcome";

describe("refusalOf: the domain's refusals as HTTP statuses", () => {
  it("maps bad input to 400 with its field messages, a vanished record to 404, a stale save to 409", () => {
    expect(refusalOf(new RejectedInputError({ slug: "This slug is already used by another collection." }))).toEqual({
      ok: false,
      status: 400,
      error: "This slug is already used by another collection.",
      fieldErrors: { slug: "This slug is already used by another collection." },
    });
    expect(refusalOf(new NotFoundError("This collection no longer exists."))).toEqual({ ok: false, status: 404, error: "This collection no longer exists." });
    expect(refusalOf(new StaleRecordError("These settings", { plural: true }))).toEqual({
      ok: false,
      status: 409,
      error: "These settings were changed by someone else — reload to see their changes.",
    });
  });

  it("keeps a whole-form message given beside the field messages", () => {
    const error = new RejectedInputError({ excludedProductIds: "A product you chose no longer exists." }, "A product you chose no longer exists: reload the page and choose again.");
    expect(refusalOf(error)).toMatchObject({ status: 400, error: "A product you chose no longer exists: reload the page and choose again." });
  });

  it("maps a conflict with the records' state to 409, a file over its limit to 413, the shop's full storage to 507", () => {
    expect(refusalOf(new ConflictError("A staff member with that email already exists."))).toEqual({ ok: false, status: 409, error: "A staff member with that email already exists." });
    expect(refusalOf(new TooLargeError("File too large. Maximum size is 10MB."))).toEqual({ ok: false, status: 413, error: "File too large. Maximum size is 10MB." });
    expect(refusalOf(new StorageFullError("The shop's storage is full."))).toEqual({ ok: false, status: 507, error: "The shop's storage is full." });
  });

  it("gives a refusal of the whole input, with no field to point at, as a message alone", () => {
    expect(refusalOf(new RejectedInputError({}, "You cannot change your own roles."))).toEqual({ ok: false, status: 400, error: "You cannot change your own roles." });
  });

  it("leaves any other error alone: outcomeOf throws it on (a fault, not a refusal)", async () => {
    expect(refusalOf(new Error("connection lost"))).toBeNull();
    await expect(outcomeOf(() => Promise.reject(new Error("connection lost")))).rejects.toThrow("connection lost");
    await expect(outcomeOf(() => Promise.reject(new StaleRecordError("This popup")))).resolves.toMatchObject({ ok: false, status: 409 });
  });

  it("gives every kind of refusal its one status, each thrown by its own error", () => {
    const thrown: Record<RefusalKind, Error> = {
      invalid: new RejectedInputError({ tag: "At most 20 tags." }),
      unauthenticated: new UnauthenticatedError("Invalid email or password."),
      forbidden: new ForbiddenError("You do not have permission to do that."),
      "not-found": new NotFoundError("This customer no longer exists."),
      stale: new StaleRecordError("This template"),
      illegal: new ConflictError("This customer's personal data was already erased."),
      "too-large": new TooLargeError("File too large."),
      "rate-limited": new RateLimitedError("Too many attempts.", 60),
      "storage-full": new StorageFullError("The shop's storage is full."),
    };
    const expected = { invalid: 400, unauthenticated: 401, forbidden: 403, "not-found": 404, stale: 409, illegal: 409, "too-large": 413, "rate-limited": 429, "storage-full": 507 };
    expect(REFUSAL_STATUS).toEqual(expected);
    for (const [kind, error] of Object.entries(thrown) as [RefusalKind, Error][]) {
      expect(refusalKindOf(error), kind).toBe(kind);
      expect(refusalOf(error)?.status, kind).toBe(expected[kind]);
    }
  });

  it("carries when to try again with a rate limit, and a stale record's own sentence when given", () => {
    expect(refusalOf(new RateLimitedError("Too many attempts.", 90))).toEqual({ ok: false, status: 429, error: "Too many attempts.", retryAfterSeconds: 90 });
    expect(new StaleRecordError("This template", { message: "This template was changed since you opened it." }).message).toBe("This template was changed since you opened it.");
  });
});

// What a staff save answers to its route: done (with the new version), or refused with an HTTP
// status and a message (and field-level messages for bad input). Nothing is saved when refused.
export type SaveOutcome =
  | { ok: true; message: string; version?: number }
  | { ok: false; status: RefusalStatus; error: string; fieldErrors?: Record<string, string>; retryAfterSeconds?: number };

/** The record changed after the editor loaded it (version check): the one "stale" error every module throws. */
export class StaleRecordError extends Error {
  /**
   * `what` names the record as the message's subject ("This popup"); plural subjects ("These
   * settings") take "were". `message` replaces the whole sentence where a screen has long said it
   * in other words (staff would notice a changed message, tests pin it).
   */
  constructor(what: string, { plural = false, message }: { plural?: boolean; message?: string } = {}) {
    super(message ?? `${what} ${plural ? "were" : "was"} changed by someone else — reload to see their changes.`);
  }
}

/** Input the form could not catch (a referenced row vanished, ...): a 400 with field messages (and a message for the whole form, their sum unless given). */
export class RejectedInputError extends Error {
  constructor(
    readonly fieldErrors: Record<string, string>,
    message = Object.values(fieldErrors).join(" "),
  ) {
    super(message);
  }
}

/** The record to change is gone (deleted meanwhile, or a made-up id): the message says which. */
export class NotFoundError extends Error {}

/**
 * A change the records' present state does not allow, whoever asks: the email is already taken,
 * the last super admin would lose the role. Reloading does not help, unlike a stale record.
 */
export class ConflictError extends Error {}

/** The file sent is over its size limit: the message names the limit. */
export class TooLargeError extends Error {}

/** The shop's own storage is full: nothing was kept, and it is not the sender's fault. */
export class StorageFullError extends Error {}

/** The credentials (password, code, session) were not good: the message is safe to show, naming no account. */
export class UnauthenticatedError extends Error {}

/** Signed in, but not allowed to do this. */
export class ForbiddenError extends Error {}

/** Too many tries from this person or network: `retryAfterSeconds` says when trying again makes sense (sent as Retry-After). */
export class RateLimitedError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * The kinds of refusal, and the one place each gets its HTTP status: bad input 400, credentials
 * not good 401, not allowed 403, gone 404, changed by someone else 409, a move the record's state
 * does not allow 409, a file over its limit 413, too many tries 429, the shop's storage full 507.
 * Modules never write a status number: they throw one of the errors above, or answer with a kind
 * (its `refusal`: the orders module, the payment webhook, sign-in) that routes map through this table.
 */
export const REFUSAL_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  stale: 409,
  illegal: 409,
  "too-large": 413,
  "rate-limited": 429,
  "storage-full": 507,
} as const;
export type RefusalKind = keyof typeof REFUSAL_STATUS;
export type RefusalStatus = (typeof REFUSAL_STATUS)[RefusalKind];

/** Which kind of refusal a thrown error is; null for anything else (a fault, not a refusal). */
export function refusalKindOf(error: unknown): RefusalKind | null {
  if (error instanceof RejectedInputError) return "invalid";
  if (error instanceof UnauthenticatedError) return "unauthenticated";
  if (error instanceof ForbiddenError) return "forbidden";
  if (error instanceof NotFoundError) return "not-found";
  if (error instanceof StaleRecordError) return "stale";
  if (error instanceof ConflictError) return "illegal";
  if (error instanceof TooLargeError) return "too-large";
  if (error instanceof RateLimitedError) return "rate-limited";
  if (error instanceof StorageFullError) return "storage-full";
  return null;
}

/** A thrown refusal as an outcome with its status; null for anything else, which is a fault and stays one (a 500). */
export function refusalOf(error: unknown): Extract<SaveOutcome, { ok: false }> | null {
  const kind = refusalKindOf(error);
  if (!kind) return null;
  const refusal = { ok: false as const, status: REFUSAL_STATUS[kind], error: (error as Error).message };
  if (error instanceof RejectedInputError && Object.keys(error.fieldErrors).length) {
    // A refusal of the whole input (no field to point at) is a message alone.
    return { ...refusal, fieldErrors: error.fieldErrors };
  }
  if (error instanceof RateLimitedError) return { ...refusal, retryAfterSeconds: error.retryAfterSeconds };
  return refusal;
}

/** Runs a save and turns the expected refusals into outcomes; anything else still throws (a 500). */
export async function outcomeOf(work: () => Promise<{ message: string; version?: number }>): Promise<SaveOutcome> {
  try {
    return { ok: true, ...(await work()) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

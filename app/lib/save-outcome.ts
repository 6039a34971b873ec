// What a staff save answers to its route: done (with the new version), or refused with an HTTP
// status and a message (and field-level messages for bad input). Nothing is saved when refused.
export type SaveOutcome =
  | { ok: true; message: string; version?: number }
  | { ok: false; status: (typeof REFUSAL_STATUS)[RefusalKind]; error: string; fieldErrors?: Record<string, string> };

/** The record changed after the editor loaded it (version check): the one "stale" error every module throws. */
export class StaleRecordError extends Error {
  /** `what` names the record as the message's subject ("This popup"); plural subjects ("These settings") take "were". */
  constructor(what: string, { plural = false }: { plural?: boolean } = {}) {
    super(`${what} ${plural ? "were" : "was"} changed by someone else — reload to see their changes.`);
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

/**
 * The kinds of refusal, and the one place each gets its HTTP status: bad input 400, gone 404,
 * changed by someone else 409, a move the record's state does not allow 409, a file over its
 * limit 413, the shop's storage full 507. Modules that answer with a kind instead of throwing
 * (orders: `reason`) are mapped by routes through this table.
 */
export const REFUSAL_STATUS = { invalid: 400, "not-found": 404, stale: 409, illegal: 409, "too-large": 413, "storage-full": 507 } as const;
export type RefusalKind = keyof typeof REFUSAL_STATUS;

/** A thrown refusal as an outcome with its status; null for anything else, which is a fault and stays one (a 500). */
export function refusalOf(error: unknown): Extract<SaveOutcome, { ok: false }> | null {
  if (error instanceof StaleRecordError) return { ok: false, status: REFUSAL_STATUS.stale, error: error.message };
  if (error instanceof RejectedInputError) {
    // A refusal of the whole input (no field to point at) is a message alone.
    const fields = Object.keys(error.fieldErrors).length ? { fieldErrors: error.fieldErrors } : {};
    return { ok: false, status: REFUSAL_STATUS.invalid, error: error.message, ...fields };
  }
  if (error instanceof NotFoundError) return { ok: false, status: REFUSAL_STATUS["not-found"], error: error.message };
  if (error instanceof ConflictError) return { ok: false, status: REFUSAL_STATUS.illegal, error: error.message };
  if (error instanceof TooLargeError) return { ok: false, status: REFUSAL_STATUS["too-large"], error: error.message };
  if (error instanceof StorageFullError) return { ok: false, status: REFUSAL_STATUS["storage-full"], error: error.message };
  return null;
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

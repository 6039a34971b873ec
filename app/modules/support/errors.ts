import { REFUSAL_STATUS, type RefusalKind, type RefusalStatus } from "~/lib/save-outcome";

/**
 * A refusal the visitor or staff member should read, named by its kind: the HTTP layer turns it
 * into { error } with the kind's status from the one refusal table.
 */
export class SupportError extends Error {
  constructor(
    readonly kind: Extract<RefusalKind, "invalid" | "not-found" | "rate-limited">,
    message: string,
    /** When rate-limited: seconds until trying again makes sense (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "SupportError";
  }

  get status(): RefusalStatus {
    return REFUSAL_STATUS[this.kind];
  }
}

export const NOT_FOUND_MESSAGE = "Conversation not found.";
export const TOO_MANY_MESSAGES = "You are sending messages too quickly. Please wait a minute and try again.";

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? "" : "s"}`;
};

/** One visitor (one browser) started more chats this hour than the setting allows. */
export const TOO_MANY_CONVERSATIONS = (retryAfterSeconds: number) =>
  `You have started several chats in the last hour. Please carry on in the chat you already have, or start a new one in ${minutes(retryAfterSeconds)}.`;

/** The flood ceiling of one network address: very rare, since a whole mobile network shares one. */
export const TOO_MANY_FROM_NETWORK = (retryAfterSeconds: number) =>
  `We are receiving an unusual number of new chats from your network right now. Please try again in ${minutes(retryAfterSeconds)}, or call or email us (see /contact).`;

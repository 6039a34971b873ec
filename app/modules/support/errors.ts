/** A refusal the visitor or staff member should read: the HTTP layer turns it into { error } with this status. */
export class SupportError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429,
    message: string,
    /** With 429: seconds until trying again makes sense (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "SupportError";
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

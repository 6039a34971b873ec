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
export const TOO_MANY_CONVERSATIONS = "Too many new chats from your network. Please try again in an hour.";

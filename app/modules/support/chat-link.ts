// The reply email's chat link, on its own: the storefront's chat button reads it on every page,
// and the rest of the chat's input rules (with their schema library) load only with the chat.

/**
 * A reply email's link reopens its conversation: `/#chat=<conversationId>.<secret>`. The secret
 * travels in the fragment, which browsers never send to the server (nor to its logs).
 */
export const CHAT_LINK_FRAGMENT = "chat";

/** The conversation and secret of a `#chat=` fragment, or null. */
export function parseChatLink(hash: string): { conversationId: string; token: string } | null {
  const match = new RegExp(`^#${CHAT_LINK_FRAGMENT}=([0-9a-f-]{36})\\.([A-Za-z0-9_-]{20,})$`).exec(hash);
  return match ? { conversationId: match[1]!, token: match[2]! } : null;
}

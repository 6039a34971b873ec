// Event topics shared by publishers and subscribers.
export const TOPICS = {
  /** A product, variant or medium changed: { productId }. */
  catalogChanged: "catalog.changed",
  /** The header menu, a content page or the FAQ changed: { kind }. */
  contentChanged: "content.changed",
  /** A site setting changed: { key }. */
  settingChanged: "settings.changed",
  /** A support message was stored: { conversationId, messageId }. */
  supportMessage: "support.message",
  /** A conversation's status, assignee or unread state changed: { conversationId }. */
  supportConversation: "support.conversation",
  /** An order was placed or changed status: { orderId, number, status, paymentMethod }. */
  orderChanged: "order.changed",
} as const;

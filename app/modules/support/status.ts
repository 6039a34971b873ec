// Conversation statuses and their labels, for the inbox (client-safe).
export const STATUSES = ["open", "waiting_for_staff", "closed"] as const;
export type ConversationStatus = (typeof STATUSES)[number];
export const STATUS_LABEL: Record<ConversationStatus, string> = { open: "Open", waiting_for_staff: "Waiting for staff", closed: "Closed" };

// The support module's face for server code: the only file of it that code outside the module imports
// (besides support.ts, its browser-safe face).
export { closestFaq, replyAsBot } from "./bot.server";
export { type ConversationEvent, findVisitorConversation, listMessages, type MessageEvent, sendVisitorMessage } from "./conversations.server";
export { countOpenConversations } from "./counts.server";
export { conversationsByEmail, type CustomerConversation, eraseConversations, exportConversations } from "./customer-conversations.server";
export { supportDeps } from "./deps.server";
export { assignConversation, conversationSummary, createCannedReply, deleteCannedReply, getConversationDetail, type InboxFilter, listAssignableStaff, listCannedReplies, listInbox, markSeen, replyAsStaff, setConversationStatus, updateCannedReply } from "./inbox.server";
export { presenceFor } from "./presence.server";
export { sendDueReplyMails } from "./reply-mail.server";
export { streamHubFor } from "./stream-hub.server";
export { newVisitorId, readVisitorId, signVisitorId, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_SECONDS, visitorCookieKey } from "./visitor-cookie.server";

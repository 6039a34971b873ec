// The support module's browser-safe face: its rules and types for code outside the module, browser
// code included. Server code of the module is reached through support.server.ts.
export { charCount, CHAT_LINK_FRAGMENT, type ChatMessage, isStaffSender, MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG, NAME_REQUIRED, parseChatLink, SEND_FAILED, type VisitorInfo, visitorInfoSchema } from "./chat-input";
export { SupportError } from "./errors";
export { linkifyText } from "./linkify";
export { type ConversationStatus, STATUS_LABEL } from "./status";
export { teachablePairs, teachFaqForm, teachPhrasingForm } from "./teaching";

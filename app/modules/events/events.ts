// The events module's browser-safe face: its rules and types for code outside the module, browser
// code included. Server code of the module is reached through events.server.ts.
export { CACHE_POLICIES } from "./cache-policies";
export { TOPICS } from "./topics";

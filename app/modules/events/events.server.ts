// The events module's face for server code: the only file of it that code outside the module imports
// (besides events.ts, its browser-safe face).
export { createEventBus, createLocalEventBus, type EventBus } from "./event-bus.server";
export { READ_KEYS, storefrontCacheFor } from "./read-cache.server";

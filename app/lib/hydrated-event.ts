/**
 * Announced on `window` once React has hydrated the page (root.tsx). The storefront's deferred
 * hydration loader (deferred-hydration.server.ts) replays an early button click when it hears it.
 */
export const HYDRATED_EVENT = "glacial:hydrated";

// Announced on `window` around React's hydration of the page. The storefront's deferred-hydration
// loader (deferred-hydration.server.ts) keeps a button click made before React listens, and
// replays it once the page is interactive; clicks made while React hydrates are React's own.

/** Just before `hydrateRoot` (entry.client.tsx): from here on React hears every click. */
export const HYDRATING_EVENT = "glacial:hydrating";

/** Once the root has hydrated (root.tsx). */
export const HYDRATED_EVENT = "glacial:hydrated";

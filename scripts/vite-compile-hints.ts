import type { Rolldown } from "vite";

/**
 * V8's explicit compile hint (Chromium 136 and later): in a file with this comment near its top, the
 * functions after it are compiled on the background thread that streams the script in, as it arrives,
 * instead of each one on the main thread the first time it is called. Other browsers read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * The bundler's `postBanner` (written after minification, which would drop a comment, and before
 * the file's content hash): V8's compile hint on the scripts a storefront page runs at start-up.
 *
 * React DOM, React Router and the page's own components are called almost whole while the page
 * hydrates. Compiled lazily, that was 94-139 ms of compilation inside hydration's tasks on the main
 * thread of a slow 2-core machine at full speed, four times that on the phone Lighthouse models,
 * and the shopper's first tap waited behind it. With the hint the main thread compiled 14-42 ms;
 * the rest moved to a background thread, which a phone's other cores run beside the page. The price
 * is compiling, off the main thread, the few functions start-up does not call.
 *
 * Only files every storefront page runs at once are marked (`startsUp`, from scripts/vite-chunks.ts):
 * code loaded later (the cart drawer, the chat, the back office's own screens) is compiled as it is
 * called, as before.
 */
export function compileHintBanner(startsUp: (chunk: Rolldown.RenderedChunk) => boolean): (chunk: Rolldown.RenderedChunk) => string {
  return (chunk) => (startsUp(chunk) ? COMPILE_HINT : "");
}

import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";
import { browserScriptSource } from "./browser-script";

/** React Router's own storage key for saved positions, so positions saved before carry over. */
export const SCROLL_POSITIONS_KEY = "react-router-scroll-positions";

/**
 * Runs while the page parses, sent as its source (browserScriptSource): it must use only its
 * argument and browser globals. Gives the history entry a key, as React Router's script does, and
 * puts the page back where the shopper left it on a reload or a return. React Router's script
 * reads the saved positions on every load; an entry without a key has just been made, so nothing
 * can be saved under it, and a first visit skips the read. The first read of `sessionStorage` in a
 * page is a synchronous call to the browser to open the site's storage (1-45 ms in fresh
 * browsers), and this script runs before the first paint.
 */
export function restoreScrollEarly(storageKey: string) {
  const state = window.history.state as { key?: unknown } | null;
  if (!state || typeof state.key !== "string" || !state.key) {
    window.history.replaceState({ key: Math.random().toString(32).slice(2) }, "");
    return;
  }
  try {
    const y = (JSON.parse(sessionStorage.getItem(storageKey) || "{}") as Record<string, unknown>)[state.key];
    if (typeof y === "number") window.scrollTo(0, y);
  } catch {
    // Unreadable positions are dropped, as React Router does; storage may be refused altogether.
    try {
      sessionStorage.removeItem(storageKey);
    } catch {
      /* nothing to restore from */
    }
  }
}

/**
 * React Router's `ScrollRestoration` with the script above in place of its own: the same hook
 * saves and restores positions on client navigations, under the same key.
 */
export function ScrollRestoration({ nonce }: { nonce?: string }) {
  useScrollRestoration({ storageKey: SCROLL_POSITIONS_KEY });
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `(${browserScriptSource(restoreScrollEarly)})(${JSON.stringify(SCROLL_POSITIONS_KEY)})` }} />;
}

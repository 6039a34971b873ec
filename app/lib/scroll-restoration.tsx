import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";
import { browserScriptSource } from "./browser-script";

/** React Router's own storage key for saved positions, so positions saved before carry over. */
export const SCROLL_POSITIONS_KEY = "react-router-scroll-positions";

/**
 * Runs while the page parses, sent as its source (browserScriptSource): it must use only its
 * argument and browser globals. Puts the page back where the shopper left it on a reload or a
 * return, before the first paint. An entry without a key is new: nothing can be saved under it,
 * so the script neither reads the saved positions nor writes the entry. React Router's own script
 * did both on every load: its first read of `sessionStorage` and its `history.replaceState` are
 * synchronous calls to the browser, together a task of 9-21 ms before the first paint in about one
 * of Lighthouse's runs in ten. The key is written later, with the history's index (`keyHistoryEntry`).
 */
export function restoreScrollEarly(storageKey: string) {
  const state = window.history.state as { key?: unknown } | null;
  if (!state || typeof state.key !== "string" || !state.key) return;
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
 * Gives the page's history entry the key positions are saved under, if it has none, just before
 * React Router makes its browser history. The index goes in the same write (0, as React Router
 * gives an entry without one), so React Router finds both and writes nothing: one call to the
 * browser, after load, where there were two, one of them before the first paint.
 */
export function keyHistoryEntry() {
  const state = window.history.state as { key?: unknown; idx?: unknown } | null;
  if (state && typeof state.key === "string" && state.key) return;
  window.history.replaceState({ key: Math.random().toString(32).slice(2), idx: typeof state?.idx === "number" ? state.idx : 0 }, "");
}

/**
 * React Router's `ScrollRestoration` with the script above in place of its own: the same hook
 * saves and restores positions on client navigations, under the same key.
 */
export function ScrollRestoration({ nonce }: { nonce?: string }) {
  useScrollRestoration({ storageKey: SCROLL_POSITIONS_KEY });
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `(${browserScriptSource(restoreScrollEarly)})(${JSON.stringify(SCROLL_POSITIONS_KEY)})` }} />;
}

// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keyHistoryEntry, restoreScrollEarly, SCROLL_POSITIONS_KEY, ScrollRestoration } from "./scroll-restoration";

// The page is put back where the shopper left it on a reload, without a first visit paying for a
// read of the site's storage before its first paint.

beforeEach(() => {
  window.history.replaceState(null, "");
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe("restoreScrollEarly", () => {
  it("leaves a new history entry alone: no storage read, no write to the entry", () => {
    const getItem = vi.spyOn(Storage.prototype, "getItem");
    const replaceState = vi.spyOn(window.history, "replaceState");
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    restoreScrollEarly(SCROLL_POSITIONS_KEY);
    expect(window.history.state).toBeNull();
    expect(getItem).not.toHaveBeenCalled();
    expect(replaceState).not.toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("scrolls a keyed entry to its saved position, and leaves its key alone", () => {
    window.history.replaceState({ key: "abc123", idx: 2 }, "");
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ abc123: 640, other: 90 }));
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    restoreScrollEarly(SCROLL_POSITIONS_KEY);
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 640);
    expect(window.history.state).toEqual({ key: "abc123", idx: 2 });
  });

  it("stays put for a keyed entry with nothing saved, and drops unreadable positions", () => {
    window.history.replaceState({ key: "abc123" }, "");
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    restoreScrollEarly(SCROLL_POSITIONS_KEY);
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, "{not json");
    restoreScrollEarly(SCROLL_POSITIONS_KEY);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(SCROLL_POSITIONS_KEY)).toBeNull();
  });
});

describe("keyHistoryEntry", () => {
  it("gives a new entry a key and React Router's first index in one write", () => {
    const replaceState = vi.spyOn(window.history, "replaceState");
    keyHistoryEntry();
    expect(replaceState).toHaveBeenCalledOnce();
    const state = window.history.state as { key: string; idx: number };
    expect(state.key).toMatch(/^[0-9a-v]+$/);
    expect(state.idx).toBe(0);
  });

  it("keeps an entry's index when it has one, and leaves a keyed entry alone", () => {
    window.history.replaceState({ idx: 3 }, "");
    keyHistoryEntry();
    expect((window.history.state as { idx: number }).idx).toBe(3);
    window.history.replaceState({ key: "abc123", idx: 2, usr: null }, "");
    const replaceState = vi.spyOn(window.history, "replaceState");
    keyHistoryEntry();
    expect(replaceState).not.toHaveBeenCalled();
    expect(window.history.state).toEqual({ key: "abc123", idx: 2, usr: null });
  });
});

describe("ScrollRestoration", () => {
  it("writes the script with the page's nonce, and the script it writes restores a saved position", () => {
    const router = createMemoryRouter([{ path: "/", element: <ScrollRestoration nonce="n0nce" /> }]);
    const html = renderToString(<RouterProvider router={router} />);
    const script = /^<script nonce="n0nce">([\s\S]*)<\/script>$/.exec(html);
    expect(script).not.toBeNull();
    expect(script![1]).toContain(`)(${JSON.stringify(SCROLL_POSITIONS_KEY)})`);
    window.history.replaceState({ key: "k1" }, "");
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ k1: 321 }));
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    new Function(script![1]!)();
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 321);
  });
});

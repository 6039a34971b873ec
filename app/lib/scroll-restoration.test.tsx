// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { restoreScrollEarly, SCROLL_POSITIONS_KEY, ScrollRestoration } from "./scroll-restoration";

// The page is put back where the shopper left it on a reload, without a first visit paying for a
// read of the site's storage before its first paint.

beforeEach(() => {
  window.history.replaceState(null, "");
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe("restoreScrollEarly", () => {
  it("gives a new history entry a key and reads no storage", () => {
    const getItem = vi.spyOn(Storage.prototype, "getItem");
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    restoreScrollEarly(SCROLL_POSITIONS_KEY);
    const state = window.history.state as { key: string };
    expect(state.key).toMatch(/^[0-9a-v]+$/);
    expect(getItem).not.toHaveBeenCalled();
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

  it("gives a history entry whose state has no key a fresh one, as React Router's script does", () => {
    window.history.replaceState({ idx: 0 }, "");
    restoreScrollEarly(SCROLL_POSITIONS_KEY);
    expect(typeof (window.history.state as { key?: unknown }).key).toBe("string");
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

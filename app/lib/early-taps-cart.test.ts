// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "./cart/cart";
import { CART_COOKIE, cartCookie, EMPTY_CART_COOKIE } from "./cart/cart-cookie";
import { EARLY_CART_MARK } from "./early-cart-mark";
import { answerEarlyTaps, earlyCardTap } from "./early-taps";

// The early-tap script keeps React's rule for a stored cart: the lines in storage are the
// shopper's only while the cart cookie lists lines (or this page's early tap stored them). A cart
// whose cookie has expired is empty to React; an early tap must not bring its lines back.

const card = { id: "p-new", variantId: "v-new", name: "Glacier Bottle", variantTitle: "Navy", pricePaise: 129_900, cartImage: "/i.webp", sku: "GB-N", slug: "glacier" };
const oldLine = { id: "l-old", productId: "p-old", variantId: "v-old", title: "Old Tumbler", variantTitle: "Default", price: 99_900, quantity: 2, image: "", sku: "", slug: "old" };

let listeners: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];

/** Runs the script as the page's head does, with the page's cart cookie name and empty value. */
function runScript() {
  const add = window.addEventListener.bind(window);
  const track = (type: string, fn: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
    listeners.push([type, fn, options]);
    add(type, fn, options);
  };
  const run = new Function("addEventListener", "removeEventListener", `(${answerEarlyTaps.toString()})(...arguments[2])`);
  run(track, window.removeEventListener.bind(window), ["hydrating", "hydrated", EARLY_CART_MARK, CART_COOKIE, EMPTY_CART_COOKIE]);
}

function tapAddToCart() {
  document.body.innerHTML = `<button type="button" aria-label="Cart" data-early-tap="cart">Cart</button><button type="button">Add to Cart</button>`;
  const button = document.body.querySelectorAll("button")[1]!;
  for (const [name, value] of Object.entries(earlyCardTap(card))) button.setAttribute(name, value);
  runScript();
  button.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
}

const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "null") as { variantId: string; quantity: number }[] | null;
const panel = () => document.querySelector('[role="dialog"][aria-label="Your Cart"]');

beforeEach(() => {
  localStorage.clear();
  document.cookie = `${CART_COOKIE}=; Path=/; Max-Age=0`;
  delete (window as unknown as Record<string, unknown>)[EARLY_CART_MARK];
});

afterEach(() => {
  for (const [type, fn, options] of listeners) window.removeEventListener(type, fn, options);
  listeners = [];
  document.body.innerHTML = "";
});

describe("the early-tap script's cart", () => {
  it("leaves out stored lines whose cookie has expired: the early Add to Cart stores the new line alone", () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([oldLine]));
    tapAddToCart();
    expect(stored()?.map((l) => [l.variantId, l.quantity])).toEqual([["v-new", 1]]);
    expect(panel()?.textContent).toContain("1 item");
    expect(panel()?.textContent).not.toContain("Old Tumbler");
    // React is told to read storage, where it finds the new line only.
    expect((window as unknown as Record<string, unknown>)[EARLY_CART_MARK]).toBe(true);
  });

  it("treats a cookie that lists no lines as an empty cart", () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([oldLine]));
    document.cookie = cartCookie([], false);
    tapAddToCart();
    expect(stored()?.map((l) => l.variantId)).toEqual(["v-new"]);
  });

  it("keeps the stored lines while the cookie lists them, and adds the new line beside them", () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([oldLine]));
    document.cookie = cartCookie([{ variantId: "v-old", quantity: 2 }], false);
    tapAddToCart();
    expect(stored()?.map((l) => [l.variantId, l.quantity])).toEqual([
      ["v-old", 2],
      ["v-new", 1],
    ]);
    expect(panel()?.textContent).toContain("3 items");
    expect(panel()?.textContent).toContain("Old Tumbler");
  });

  it("opens the cart icon's panel on a first visit without a synchronous read, once the Cookie Store has answered", async () => {
    // A Cookie Store as Chromium's: asked without blocking, and telling of changes.
    const jar = new Map<string, string>();
    const changed: (() => void)[] = [];
    const cookieStore = {
      get: (name: string) => Promise.resolve(jar.has(name) ? { value: jar.get(name) } : null),
      addEventListener: (_type: "change", listener: () => void) => changed.push(listener),
    };
    (globalThis as unknown as Record<string, unknown>).cookieStore = cookieStore;
    const getItem = vi.spyOn(localStorage, "getItem");
    const cookieRead = vi.spyOn(document, "cookie", "get");
    const tapCart = () => document.querySelector<HTMLButtonElement>('button[data-early-tap="cart"]')!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    try {
      document.body.innerHTML = `<button type="button" aria-label="Cart" data-early-tap="cart">Cart</button>`;
      runScript();
      await Promise.resolve();
      tapCart();
      expect(panel()?.textContent).toContain("Your cart is empty");
      expect(getItem).not.toHaveBeenCalled();
      expect(cookieRead).not.toHaveBeenCalled();

      // Another tab stores lines and its cookie lists them: the change is heard, and the next tap
      // reads storage.
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([oldLine]));
      const written = cartCookie([{ variantId: "v-old", quantity: 2 }], false);
      document.cookie = written;
      jar.set(CART_COOKIE, written.split(";")[0]!.slice(CART_COOKIE.length + 1));
      for (const listener of changed) listener();
      await Promise.resolve();
      tapCart();
      expect(getItem).toHaveBeenCalledWith(CART_STORAGE_KEY);
      expect(panel()?.textContent).toContain("Old Tumbler");
    } finally {
      getItem.mockRestore();
      cookieRead.mockRestore();
      delete (globalThis as unknown as Record<string, unknown>).cookieStore;
    }
  });

  it("stops asking the Cookie Store at hand-over, when React answers the taps", () => {
    const listening = new Set<() => void>();
    (globalThis as unknown as Record<string, unknown>).cookieStore = {
      get: () => Promise.resolve(null),
      addEventListener: (_type: "change", listener: () => void) => listening.add(listener),
      removeEventListener: (_type: "change", listener: () => void) => listening.delete(listener),
    };
    try {
      runScript();
      expect(listening.size).toBe(1);
      window.dispatchEvent(new Event("hydrated"));
      expect(listening.size).toBe(0);
    } finally {
      delete (globalThis as unknown as Record<string, unknown>).cookieStore;
    }
  });

  it("reads storage for the cart icon where there is no Cookie Store, as before", () => {
    const getItem = vi.spyOn(localStorage, "getItem");
    try {
      document.body.innerHTML = `<button type="button" aria-label="Cart" data-early-tap="cart">Cart</button>`;
      runScript();
      document.querySelector("button")!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      expect(panel()?.textContent).toContain("Your cart is empty");
      expect(getItem).toHaveBeenCalledWith(CART_STORAGE_KEY);
    } finally {
      getItem.mockRestore();
    }
  });

  it("shows an expired cart as empty when the cart icon is tapped", () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([oldLine]));
    document.body.innerHTML = `<button type="button" aria-label="Cart" data-early-tap="cart">Cart</button>`;
    runScript();
    document.querySelector("button")!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    expect(panel()?.textContent).toContain("Your cart is empty");
    expect(panel()?.textContent).toContain("0 items");
  });

  it("draws the panel's close button as an icon, with no character the page's fonts might lack", () => {
    tapAddToCart();
    const close = panel()?.querySelector('button[aria-label="Close your cart"]');
    expect(close).not.toBeNull();
    expect(close!.textContent).toBe("");
    const icon = close!.querySelector("svg");
    expect(icon?.getAttribute("aria-hidden")).toBe("true");
    expect(icon?.querySelector("path")?.getAttribute("d")).toBe("M18 6 6 18M6 6l12 12");
  });
});

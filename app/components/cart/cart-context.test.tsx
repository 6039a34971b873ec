// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY, type CartItem } from "~/lib/cart/cart";
import { CART_COOKIE, cartCookie } from "~/lib/cart/cart-cookie";
import { EARLY_CART_MARK } from "~/lib/early-cart-mark";
import { CartProvider, useCart, useCartActions, useCartSummary } from "./cart-context";

// The header and the layout read the cart's summary (count, drawer open). These tests count how
// often a summary reader renders: it must not render again when nothing it shows has changed.

declare global {
  // React's test mode: act() flushes effects and renders before it returns.
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const line = (id: string, quantity: number, price = 129_900): CartItem => ({
  id,
  productId: `p-${id}`,
  variantId: id,
  title: `Bottle ${id}`,
  variantTitle: "Default",
  price,
  quantity,
  image: "",
  sku: `SKU-${id}`,
});

let renders: { summary: number; full: number };
let actions: ReturnType<typeof useCartActions> | null;
let container: HTMLElement;
let root: Root;

function SummaryReader() {
  const { totalItems, isOpen } = useCartSummary();
  renders.summary += 1;
  return <p data-testid="summary">{`${totalItems} ${isOpen ? "open" : "closed"}`}</p>;
}

function FullReader() {
  const { hydrated, items } = useCart();
  renders.full += 1;
  actions = useCartActions();
  return <p data-testid="full">{`${hydrated ? "hydrated" : "reading"} ${items.length}`}</p>;
}

async function mount() {
  await act(async () => {
    root.render(
      <CartProvider>
        <SummaryReader />
        <FullReader />
      </CartProvider>,
    );
  });
  // A stored cart's parser loads as its own chunk: wait (up to 5 s) for the cart to have been read.
  for (let i = 0; i < 250 && !text("full")?.startsWith("hydrated"); i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

const text = (id: string) => container.querySelector(`[data-testid="${id}"]`)?.textContent;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  renders = { summary: 0, full: 0 };
  actions = null;
  window.localStorage.clear();
  document.cookie = `${CART_COOKIE}=; Path=/; Max-Age=0`;
  delete (window as unknown as Record<string, unknown>)[EARLY_CART_MARK];
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe("cart summary", () => {
  it("renders the header's reader once on a first visit, when the empty stored cart is read", async () => {
    await mount();
    expect(text("full")).toBe("hydrated 0");
    expect(text("summary")).toBe("0 closed");
    // The full reader rendered again when the stored cart had been read; the summary did not.
    expect(renders.full).toBe(2);
    expect(renders.summary).toBe(1);
  });

  it("shows a stored cart's count once it has been read", async () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line("a", 2)]));
    document.cookie = cartCookie([line("a", 2)], false);
    await mount();
    expect(text("full")).toBe("hydrated 1");
    expect(text("summary")).toBe("2 closed");
  });

  it("renders the summary again when the count or the drawer changes, and not when a line changes without changing the count", async () => {
    await mount();
    const before = renders.summary;
    await act(async () => {
      const { id: _id, quantity: _quantity, ...item } = line("a", 1);
      actions?.addItem(item);
    });
    expect(text("summary")).toBe("1 open");
    const afterAdd = renders.summary;
    expect(afterAdd).toBeGreaterThan(before);

    // The server re-checked the price: same count, new price. The header shows nothing new.
    await act(async () => {
      actions?.replaceItems([line("a", 1, 119_900)]);
    });
    expect(renders.summary).toBe(afterAdd);
    expect(renders.full).toBeGreaterThan(2);

    await act(async () => {
      actions?.setOpen(false);
    });
    expect(text("summary")).toBe("1 closed");
    expect(renders.summary).toBe(afterAdd + 1);
  });
});

// localStorage's first read in a page blocks the main thread while the browser opens the site's
// storage; the cookie every saved cart also writes says whether there is anything to read.
describe("reading the stored cart", () => {
  const spyStorage = () => {
    const calls = { get: 0, set: 0 };
    const { getItem, setItem } = Storage.prototype;
    Storage.prototype.getItem = function (key: string) {
      calls.get += 1;
      return getItem.call(this, key);
    };
    Storage.prototype.setItem = function (key: string, value: string) {
      calls.set += 1;
      setItem.call(this, key, value);
    };
    return { calls, restore: () => Object.assign(Storage.prototype, { getItem, setItem }) };
  };

  it("neither reads nor writes storage or the cookie on a first visit", async () => {
    const spy = spyStorage();
    try {
      await mount();
    } finally {
      spy.restore();
    }
    expect(text("full")).toBe("hydrated 0");
    expect(spy.calls).toEqual({ get: 0, set: 0 });
    expect(document.cookie).not.toContain(CART_COOKIE);
  });

  it("leaves storage unread when the cookie says the cart is empty, and reads it when the cookie lists lines", async () => {
    // Lines left in storage by a cart whose cookie was emptied (checkout cleared it in another tab).
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line("old", 1)]));
    document.cookie = cartCookie([], false);
    await mount();
    expect(text("full")).toBe("hydrated 0");
    await act(async () => root.unmount());

    root = createRoot(container);
    document.cookie = cartCookie([line("old", 1)], false);
    await mount();
    expect(text("full")).toBe("hydrated 1");
  });

  it("reads storage when the early-tap script added a line before React listened, though no cookie says so", async () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line("early", 1)]));
    (window as unknown as Record<string, unknown>)[EARLY_CART_MARK] = true;
    await mount();
    expect(text("full")).toBe("hydrated 1");
    expect(text("summary")).toBe("1 closed");
    // React's save writes the cookie the script did not.
    expect(document.cookie).toContain(`${CART_COOKIE}=`);
    expect(document.cookie).toContain("early");
  });

  it("writes storage and the cookie once a first visit adds a line", async () => {
    await mount();
    await act(async () => {
      const { id: _id, quantity: _quantity, ...item } = line("new", 1);
      actions?.addItem(item);
    });
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toHaveLength(1);
    expect(document.cookie).toContain("new");
  });

  it("forgets the stored lines of a placed order, which the cart did not read once checkout had deleted the cookie", async () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line("ordered", 1)]));
    await mount();
    expect(text("full")).toBe("hydrated 0");
    await act(async () => actions?.clear());
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });
});

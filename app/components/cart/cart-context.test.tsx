// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY, type CartItem } from "~/lib/cart/cart";
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

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { notify } from "~/lib/notify";
import * as rules from "~/lib/cart/cart";
import { cartCookie } from "~/lib/cart/cart-cookie";
import type { CartItem, NewCartItem } from "~/lib/cart/cart";

// The storefront's cart state: kept in localStorage under 'cart', shared by
// the drawer, the cart page, product cards and the product page.
type CartContextValue = {
  items: CartItem[];
  totalItems: number;
  /** Paise. */
  subtotal: number;
  isOpen: boolean;
  setOpen(open: boolean): void;
  /** Refuses a missing or zero price (a line with no price the server set would be sold at a made-up one) with a toast asking for a refresh; on success toasts and opens the drawer. */
  addItem(item: Omit<NewCartItem, "price"> & { price: number | null | undefined }): boolean;
  setQuantity(id: string, quantity: number): void;
  removeItem(id: string): void;
  /** Replaces lines, e.g. after the server re-checked prices. */
  replaceItems(items: CartItem[]): void;
  clear(): void;
  /** False until the stored cart has been read in the browser. */
  hydrated: boolean;
};

type CartActions = Pick<CartContextValue, "setOpen" | "addItem" | "setQuantity" | "removeItem" | "replaceItems" | "clear">;

const CartContext = createContext<CartContextValue | null>(null);
// The actions alone never change: the product cards and the product page, which only add, are
// not rendered again when the cart changes (on a slow phone, re-rendering every card of a page
// delayed the drawer's opening after Add to Cart).
const CartActionsContext = createContext<CartActions | null>(null);
// The header and the layout's drawer slot read only the count and whether the drawer is open. On
// their own context they are not rendered again when the stored cart turns out empty on a first
// visit (hydrated flips, nothing on screen changes) or when a line changes without changing the
// count (the server's price check): the header (its own links and icons) rendered again for
// nothing, on every storefront page right after hydration.
type CartSummary = { totalItems: number; isOpen: boolean };
const CartSummaryContext = createContext<CartSummary | null>(null);

export function CartProvider({ children }: { children: React.ReactNode }) {
  const [items, setItems] = useState<CartItem[]>([]);
  const [hydrated, setHydrated] = useState(false);
  const [isOpen, setOpen] = useState(false);

  useEffect(() => {
    let live = true;
    const stored = readStorage();
    // An empty cart needs no reading: a first visit never loads the schema's library.
    if (!stored || stored === "[]") setHydrated(true);
    else
      void import("~/lib/cart/cart-storage").then(({ parseCart }) => {
        if (!live) return;
        // Lines added while the stored cart was loading join it rather than replace it.
        setItems((added) => added.reduce((cart, line) => rules.addItem(cart, line), parseCart(stored)));
        setHydrated(true);
      });
    // Another tab changed the cart.
    const onStorage = (e: StorageEvent) => {
      if (e.key === rules.CART_STORAGE_KEY) void import("~/lib/cart/cart-storage").then(({ parseCart }) => setItems(parseCart(e.newValue)));
    };
    window.addEventListener("storage", onStorage);
    return () => {
      live = false;
      window.removeEventListener("storage", onStorage);
    };
  }, []);

  useEffect(() => {
    if (!hydrated) return;
    try {
      window.localStorage.setItem(rules.CART_STORAGE_KEY, JSON.stringify(items));
    } catch {
      // Storage full or blocked: the cart still works for this page view.
    }
    // Checkout is priced on the server: it reads the lines (never the prices) from this cookie.
    document.cookie = cartCookie(items, window.location.protocol === "https:");
  }, [items, hydrated]);

  const addItem = useCallback<CartContextValue["addItem"]>((item) => {
    if (!item.price || item.price <= 0) {
      notify.error("Price not available. Please refresh the page.");
      return false;
    }
    setItems((current) => rules.addItem(current, { ...item, price: item.price as number }));
    notify.success("Added to cart!");
    setOpen(true);
    return true;
  }, []);

  // Stable, and no change when already empty: /thank-you clears the cart in an effect that depends
  // on it, and a new function (or a new empty list) on every render looped that effect forever.
  const clear = useCallback(() => setItems((current) => (current.length === 0 ? current : [])), []);

  const actions = useMemo<CartActions>(
    () => ({
      setOpen,
      addItem,
      setQuantity: (id, quantity) => setItems((current) => rules.setQuantity(current, id, quantity)),
      removeItem: (id) => setItems((current) => rules.removeItem(current, id)),
      replaceItems: setItems,
      clear,
    }),
    [addItem, clear],
  );
  const value = useMemo<CartContextValue>(
    () => ({ ...actions, items, totalItems: rules.totalItems(items), subtotal: rules.subtotal(items), isOpen, hydrated }),
    [actions, items, isOpen, hydrated],
  );
  const totalItems = value.totalItems;
  const summary = useMemo<CartSummary>(() => ({ totalItems, isOpen }), [totalItems, isOpen]);
  return (
    <CartActionsContext.Provider value={actions}>
      <CartSummaryContext.Provider value={summary}>
        <CartContext.Provider value={value}>{children}</CartContext.Provider>
      </CartSummaryContext.Provider>
    </CartActionsContext.Provider>
  );
}

/** The cart's actions, for components that change the cart without showing it. */
export function useCartActions(): CartActions {
  const value = useContext(CartActionsContext);
  if (!value) throw new Error("useCartActions must be used inside CartProvider");
  return value;
}

/** How many items the cart holds and whether its drawer is open, for the header and the layout. */
export function useCartSummary(): CartSummary {
  const value = useContext(CartSummaryContext);
  if (!value) throw new Error("useCartSummary must be used inside CartProvider");
  return value;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used inside CartProvider");
  return value;
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(rules.CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { whenIdle } from "~/lib/when-idle";
import { notify } from "~/lib/notify";
import * as rules from "~/lib/cart/cart";
import { CART_COOKIE, cartCookie, EMPTY_CART_COOKIE, readCookie } from "~/lib/cart/cart-cookie";
import { EARLY_CART_MARK } from "~/lib/early-cart-mark";
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

type CartSummary = { totalItems: number; isOpen: boolean };

type CartState = { items: CartItem[]; hydrated: boolean; isOpen: boolean };

/**
 * The cart lives in a small store that components subscribe to (useSyncExternalStore), not in a
 * context whose value changes. A context change reaches every part of the page below its
 * provider, including home sections the shopper has not scrolled to and React has deliberately
 * left unhydrated (HydrateWhenNear): React would then have to hydrate them at once, or throw
 * their server HTML away. A store's change reaches only the components that read it.
 */
function createCartStore() {
  let state: CartState = { items: [], hydrated: false, isOpen: false };
  const listeners = new Set<() => void>();
  const derive = (from: CartState): CartContextValue => ({
    ...actions,
    items: from.items,
    totalItems: rules.totalItems(from.items),
    subtotal: rules.subtotal(from.items),
    isOpen: from.isOpen,
    hydrated: from.hydrated,
  });
  const update = (change: (current: CartState) => CartState) => {
    const next = change(state);
    if (next === state) return;
    state = next;
    value = derive(state);
    // The header and the drawer's slot read only these two: a line whose price the server
    // re-checked, or a first visit's empty cart being read, must not render them again.
    if (value.totalItems !== summary.totalItems || value.isOpen !== summary.isOpen) summary = { totalItems: value.totalItems, isOpen: value.isOpen };
    for (const listener of listeners) listener();
  };
  const setItems = (change: (current: CartItem[]) => CartItem[]) =>
    update((current) => {
      const items = change(current.items);
      return items === current.items ? current : { ...current, items };
    });
  const actions: CartActions = {
    setOpen: (isOpen) => update((current) => (current.isOpen === isOpen ? current : { ...current, isOpen })),
    addItem: (item) => {
      if (!item.price || item.price <= 0) {
        notify.error("Price not available. Please refresh the page.");
        return false;
      }
      setItems((current) => rules.addItem(current, { ...item, price: item.price as number }));
      notify.success("Added to cart!");
      actions.setOpen(true);
      return true;
    },
    setQuantity: (id, quantity) => setItems((current) => rules.setQuantity(current, id, quantity)),
    removeItem: (id) => setItems((current) => rules.removeItem(current, id)),
    replaceItems: (items) => setItems(() => items),
    clear: () => {
      // Placing an order deletes the cart cookie, so this page never read the stored cart, and the
      // order's lines are still in storage: an early tap on a later visit would bring them back.
      try {
        window.localStorage.removeItem(rules.CART_STORAGE_KEY);
      } catch {
        // Storage blocked: there is nothing stored to bring back.
      }
      // No change when already empty: /thank-you clears the cart in an effect, and a new empty
      // list on every render looped that effect forever.
      setItems((current) => (current.length === 0 ? current : []));
    },
  };
  const initial = derive(state);
  let value = initial;
  let summary: CartSummary = { totalItems: 0, isOpen: false };
  const initialSummary = summary;
  return {
    actions,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    value: () => value,
    summary: () => summary,
    /** What the server rendered: the first render in the browser must match it. */
    initialValue: () => initial,
    initialSummary: () => initialSummary,
    state: () => state,
    setItems,
    markHydrated: () => update((current) => (current.hydrated ? current : { ...current, hydrated: true })),
  };
}

type CartStore = ReturnType<typeof createCartStore>;

const CartStoreContext = createContext<CartStore | null>(null);

export function CartProvider({ children }: { children: React.ReactNode }) {
  const [store] = useState(createCartStore);

  useEffect(() => {
    let live = true;
    const load = (stored: string | null) => {
      // An empty cart needs no reading: a first visit never loads the schema's library.
      if (!stored || stored === "[]") store.markHydrated();
      else
        void import("~/lib/cart/cart-storage").then(({ parseCart }) => {
          if (!live) return;
          // Lines added while the stored cart was loading join it rather than replace it.
          store.setItems((added) => added.reduce((cart, line) => rules.addItem(cart, line), parseCart(stored)));
          store.markHydrated();
        });
    };
    // localStorage's first read in a page waits for the browser to open the site's storage: 5-30
    // ms of a blocked main thread in the task that finishes hydration. The cart cookie mirrors
    // every saved cart, so a cart it shows empty (a first visit) is known without that wait.
    void storedCartMayExist().then((may) => live && load(may ? readStorage() : null));
    // Another tab changed the cart. The first "storage" listener connects the page to the site's
    // storage, a synchronous call to the browser: 1 ms on a quiet machine, 13 ms once in a trace
    // of home's hydration on a busy one. It is added when the page is idle, a moment after the
    // cart above was read, so only a change in another tab within that moment goes unseen.
    const onStorage = (e: StorageEvent) => {
      if (e.key === rules.CART_STORAGE_KEY) void import("~/lib/cart/cart-storage").then(({ parseCart }) => store.setItems(() => parseCart(e.newValue)));
    };
    const cancelListening = whenIdle(() => window.addEventListener("storage", onStorage));
    return () => {
      live = false;
      cancelListening();
      window.removeEventListener("storage", onStorage);
    };
  }, [store]);

  useEffect(() => {
    // The lines as the store started: an untouched empty cart is not written (a first visit
    // leaves storage and the cookie alone).
    let savedItems: CartItem[] | null = store.state().items;
    const save = () => {
      const state = store.state();
      if (!state.hydrated || state.items === savedItems) return;
      savedItems = state.items;
      try {
        window.localStorage.setItem(rules.CART_STORAGE_KEY, JSON.stringify(state.items));
      } catch {
        // Storage full or blocked: the cart still works for this page view.
      }
      // Checkout is priced on the server: it reads the lines (never the prices) from this cookie.
      document.cookie = cartCookie(state.items, window.location.protocol === "https:");
    };
    save();
    return store.subscribe(save);
  }, [store]);

  return <CartStoreContext.Provider value={store}>{children}</CartStoreContext.Provider>;
}

function useCartStore(hook: string): CartStore {
  const store = useContext(CartStoreContext);
  if (!store) throw new Error(`${hook} must be used inside CartProvider`);
  return store;
}

/** The cart's actions, for components that change the cart without showing it. They never change. */
export function useCartActions(): CartActions {
  return useCartStore("useCartActions").actions;
}

/** How many items the cart holds and whether its drawer is open, for the header and the layout. */
export function useCartSummary(): CartSummary {
  const store = useCartStore("useCartSummary");
  return useSyncExternalStore(store.subscribe, store.summary, store.initialSummary);
}

export function useCart(): CartContextValue {
  const store = useCartStore("useCart");
  return useSyncExternalStore(store.subscribe, store.value, store.initialValue);
}

/**
 * False when the cart is surely empty: no line written by the early-tap script and a cart cookie
 * that is absent or lists nothing. Asked through the Cookie Store API where there is one (it does
 * not block the main thread), else through document.cookie.
 */
async function storedCartMayExist(): Promise<boolean> {
  if ((window as unknown as Record<string, unknown>)[EARLY_CART_MARK]) return true;
  let value: string | undefined;
  try {
    value = "cookieStore" in window ? ((await window.cookieStore.get(CART_COOKIE))?.value ?? undefined) : readCookie(document.cookie, CART_COOKIE);
  } catch {
    return true;
  }
  // Lines (or an overflow) may be stored; what they are is storage's to say.
  return !!value && value !== EMPTY_CART_COOKIE;
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(rules.CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

// @vitest-environment happy-dom
import { act, useEffect } from "react";
import { hydrateRoot, createRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A section below the first screen keeps its server HTML untouched and costs React nothing until
// the shopper comes near it; then, or at the first touch inside it, it is hydrated and answers.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

type Listener = (state: Record<string, unknown>) => void;
let observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
let container: HTMLElement;
let root: Root | null = null;

class FakeIntersectionObserver {
  constructor(private callback: IntersectionObserverCallback) {
    observers.push({ callback, targets: [] });
  }
  observe(target: Element) {
    observers.find((o) => o.callback === this.callback)?.targets.push(target);
  }
  disconnect() {
    observers = observers.filter((o) => o.callback !== this.callback);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

function scrollNear(target: Element) {
  for (const o of observers.filter((o) => o.targets.includes(target)))
    o.callback([{ isIntersecting: true, target } as unknown as IntersectionObserverEntry], o as unknown as IntersectionObserver);
}

function fakeRouter() {
  const listeners: Listener[] = [];
  const router = {
    state: { location: { pathname: "/" }, navigation: { state: "idle" }, fetchers: new Map() } as Record<string, unknown>,
    subscribe(listener: Listener) {
      listeners.push(listener);
      return () => {};
    },
    emit(next: Record<string, unknown>) {
      router.state = next;
      for (const listener of listeners) listener(next);
    },
  };
  (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter = router;
  return router;
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.resetModules();
  observers = [];
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  container = document.createElement("div");
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
  delete (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter;
});

async function page() {
  const { HydrateWhenNear } = await import("./hydrate-when-near");
  const log: string[] = [];
  function Section({ name }: { name: string }) {
    useEffect(() => {
      log.push(`hydrated ${name}`);
    }, [name]);
    return (
      <section>
        <h2>{name}</h2>
        <button type="button" onClick={() => log.push(`clicked ${name}`)}>
          Add {name}
        </button>
      </section>
    );
  }
  const App = () => (
    <main>
      <Section name="hero" />
      <HydrateWhenNear>
        <Section name="best sellers" />
      </HydrateWhenNear>
      <HydrateWhenNear>
        <Section name="faq" />
      </HydrateWhenNear>
    </main>
  );
  return { App, log };
}

async function hydrated() {
  const { App, log } = await page();
  container.innerHTML = renderToString(<App />);
  const sections = [...container.querySelectorAll("[data-hydrate-when-near]")];
  const serverNodes = [...container.querySelectorAll("section")];
  await act(async () => {
    root = hydrateRoot(container, <App />);
  });
  return { log, sections, serverNodes };
}

describe("HydrateWhenNear", () => {
  it("hydrates the page around it but leaves its section's server HTML in place, unhydrated", async () => {
    fakeRouter();
    const { log, serverNodes } = await hydrated();
    expect(log).toEqual(["hydrated hero"]);
    expect(container.textContent).toContain("best sellers");
    expect(container.textContent).toContain("faq");
    // The very same nodes the server sent: nothing was thrown away or drawn again.
    expect([...container.querySelectorAll("section")]).toEqual(serverNodes);
  });

  it("hydrates a section when it comes near the screen, keeping its server nodes", async () => {
    fakeRouter();
    const { log, sections, serverNodes } = await hydrated();
    await act(async () => {
      scrollNear(sections[0]!);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(log).toEqual(["hydrated hero", "hydrated best sellers"]);
    expect([...container.querySelectorAll("section")]).toEqual(serverNodes);
    container.querySelectorAll("button")[1]!.click();
    expect(log).toContain("clicked best sellers");
  });

  it("answers a click on a section not hydrated yet", async () => {
    fakeRouter();
    const { log } = await hydrated();
    const faqButton = container.querySelectorAll("button")[2]!;
    await act(async () => {
      faqButton.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true }));
      faqButton.click();
    });
    expect(log).toContain("hydrated faq");
    expect(log).toContain("clicked faq");
    expect(log).not.toContain("hydrated best sellers");
  });

  it("opens every section when the router's state changes, and none for a state that is the same", async () => {
    const router = fakeRouter();
    const { log } = await hydrated();
    // Route discovery's announcement: a new object, every part the same.
    await act(async () => router.emit({ ...router.state }));
    expect(log).toEqual(["hydrated hero"]);
    await act(async () => router.emit({ ...router.state, navigation: { state: "loading" } }));
    expect(log).toEqual(expect.arrayContaining(["hydrated best sellers", "hydrated faq"]));
  });

  it("stays unhydrated while the cart changes (the cart is a store, not a changing context)", async () => {
    fakeRouter();
    const { HydrateWhenNear } = await import("./hydrate-when-near");
    const { CartProvider, useCartActions, useCartSummary } = await import("~/components/cart/cart-context");
    const log: string[] = [];
    function Count() {
      return <p>{useCartSummary().totalItems} items</p>;
    }
    function Add() {
      const { addItem } = useCartActions();
      return (
        <button type="button" onClick={() => addItem({ productId: "p1", variantId: "v1", title: "Bottle", variantTitle: "750 ml", price: 149900, image: "", sku: "B-1", slug: "bottle" })}>
          Add
        </button>
      );
    }
    function Below() {
      useEffect(() => {
        log.push("hydrated below");
      }, []);
      return <section>Below the fold</section>;
    }
    const App = () => (
      <CartProvider>
        <Count />
        <Add />
        <HydrateWhenNear>
          <Below />
        </HydrateWhenNear>
      </CartProvider>
    );
    container.innerHTML = renderToString(<App />);
    const below = container.querySelector("section");
    await act(async () => {
      root = hydrateRoot(container, <App />);
    });
    await act(async () => container.querySelector("button")!.click());
    expect(container.textContent).toContain("1 items");
    expect(log).toEqual([]);
    expect(container.querySelector("section")).toBe(below);
  });

  it("renders its content at once when the section is new in the browser (a page reached by a link)", async () => {
    fakeRouter();
    const { App, log } = await page();
    await act(async () => {
      root = createRoot(container);
      root.render(<App />);
    });
    expect(log).toEqual(["hydrated hero", "hydrated best sellers", "hydrated faq"]);
    expect(container.textContent).toContain("Add faq");
  });
});

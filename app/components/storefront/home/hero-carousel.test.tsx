// @vitest-environment happy-dom
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HeroCarousel, slidesWithImage, type HeroSlide } from "./hero-carousel";

// Only the first slide's image is in the server HTML; the others arrive one step ahead of the
// slide being shown, so a phone on mobile data does not fetch five full-width images at once.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const slides: HeroSlide[] = [1, 2, 3, 4, 5].map((n) => ({ src: `/hero-${n}.webp`, alt: `Slide picture ${n}` }));

function page() {
  return createMemoryRouter([{ path: "/", element: <HeroCarousel slides={slides} /> }]);
}

const imagesIn = (root: ParentNode) => [...root.querySelectorAll('[aria-roledescription="slide"]')].map((slide) => slide.querySelector("img")?.getAttribute("alt") ?? null);

describe("the home hero's images", () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = "";
    vi.unstubAllGlobals();
  });

  it("holds the shown slide and the two either side of it, adding to what it already holds", () => {
    const start = new Set([0]);
    expect([...slidesWithImage(start, 0, 5)].sort()).toEqual([0, 1, 4]);
    const after = slidesWithImage(new Set([0, 1, 4]), 1, 5);
    expect([...after].sort()).toEqual([0, 1, 2, 4]);
    // Nothing new to add: the same set, so React has nothing to render again.
    expect(slidesWithImage(after, 1, 5)).toBe(after);
    expect([...slidesWithImage(new Set([0]), 0, 1)]).toEqual([0]);
  });

  it("sends only the first slide's image, eager and first in line; the next and the last follow once the page is idle, the rest as the carousel moves", async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    const html = renderToString(<RouterProvider router={page()} />);
    const server = document.createElement("div");
    server.innerHTML = html;
    expect(imagesIn(server)).toEqual(["Slide picture 1", null, null, null, null]);
    const first = server.querySelector("img")!;
    expect([first.getAttribute("loading"), first.getAttribute("fetchpriority")]).toEqual(["eager", "high"]);

    let idle = new Map<number, () => void>();
    let handles = 0;
    vi.stubGlobal("requestIdleCallback", (work: () => void) => {
      idle.set(++handles, work);
      return handles;
    });
    vi.stubGlobal("cancelIdleCallback", (handle: number) => idle.delete(handle));
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <RouterProvider router={page()} />);
    });
    // Hydrated, the page not yet idle: still the server's one image.
    expect(imagesIn(container)).toEqual(["Slide picture 1", null, null, null, null]);
    // "Previous" tapped before the page was idle: the slide it shows has its image at once.
    act(() => (container.querySelector('button[aria-label="Previous slide"]') as HTMLButtonElement).click());
    expect(imagesIn(container)).toEqual(["Slide picture 1", null, null, null, "Slide picture 5"]);
    act(() => (container.querySelector('button[aria-label="Next slide"]') as HTMLButtonElement).click());
    const runIdle = () =>
      act(() => {
        const due = [...idle.values()];
        idle = new Map();
        for (const work of due) work();
      });
    runIdle();
    expect(imagesIn(container)).toEqual(["Slide picture 1", "Slide picture 2", null, null, "Slide picture 5"]);

    act(() => (container.querySelector('button[aria-label="Next slide"]') as HTMLButtonElement).click());
    expect(container.querySelector('[aria-label="2 of 5"]')?.getAttribute("aria-hidden")).toBe("false");
    runIdle();
    expect(imagesIn(container)).toEqual(["Slide picture 1", "Slide picture 2", "Slide picture 3", null, "Slide picture 5"]);
    const later = container.querySelectorAll("img")[2]!;
    expect([later.getAttribute("loading"), later.getAttribute("fetchpriority")]).toEqual(["lazy", "low"]);
  });
});

import { Suspense, use, useEffect, useId, useRef } from "react";

/**
 * Server-rendered like any other part of the page, but hydrated by React only when the shopper
 * comes near it: scrolled to within 200 px of it, or touching, clicking, typing or tabbing into
 * it. Until then its HTML is on screen as the server sent it (readable; its links and GET forms
 * work) and React does no work for it. On a slow phone that is most of a long page's hydration:
 * home's sections below the first screen were about 500 ms of script at 4x CPU, nearly half the
 * page's.
 *
 * How: its content sits in a Suspense boundary whose first child suspends in the browser until the
 * section is opened, so React leaves that boundary's server HTML in place (selective hydration)
 * and hydrates it once the promise settles. The boundary has no fallback of its own to show: the
 * server HTML is never replaced by one as long as nothing above it changes while it waits. Two
 * kinds of change reach it:
 * - a context whose value changes above it (React cannot know whether the unhydrated HTML reads
 *   it): the storefront's own contexts above these sections never change (the cart is a store);
 * - React Router's state (a navigation, a fetcher, a revalidation): every section is opened, in the
 *   same tick, as soon as the router's state changes, before React renders the change.
 */
export function HydrateWhenNear({ children, className }: { children: React.ReactNode; className?: string }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || opened.has(id)) return;
    watchRouter();
    if (typeof IntersectionObserver === "undefined") {
      open(id);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          open(id);
        }
      },
      // A little ahead of the screen. Its HTML is already there to read, and a tap on it hydrates
      // it at once, so hydrating earlier would only add work to the page's load (a screen ahead
      // took in home's best sellers, the heaviest section).
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [id]);
  return (
    <div ref={ref} className={className} {...{ [SECTION_ATTRIBUTE]: id }}>
      <Suspense fallback={null}>
        <WaitUntilOpened id={id}>{children}</WaitUntilOpened>
      </Suspense>
    </div>
  );
}

const SECTION_ATTRIBUTE = "data-hydrate-when-near";

function WaitUntilOpened({ id, children }: { id: string; children: React.ReactNode }) {
  // It waits only while React hydrates the server's HTML of its section. On the server, once
  // opened, and when the section is new on the client (a page reached by a link: no server HTML
  // to keep, and waiting would leave the section blank), it is just its children.
  if (typeof document !== "undefined" && !opened.has(id) && serverSection(id)) use(waiting(id));
  return children;
}

function serverSection(id: string): boolean {
  return document.querySelector(`[${SECTION_ATTRIBUTE}="${CSS.escape(id)}"]`) !== null;
}

/** Sections opened so far on this page view, by their useId. */
const opened = new Set<string>();
const waiters = new Map<string, { promise: Promise<void>; resolve: () => void }>();

function waiting(id: string): Promise<void> {
  let waiter = waiters.get(id);
  if (!waiter) {
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    waiter = { promise, resolve };
    waiters.set(id, waiter);
  }
  return waiter.promise;
}

function open(id: string) {
  if (opened.has(id)) return;
  opened.add(id);
  waiters.get(id)?.resolve();
}

function openAll() {
  if (typeof document === "undefined") return;
  for (const element of document.querySelectorAll(`[${SECTION_ATTRIBUTE}]`)) open(element.getAttribute(SECTION_ATTRIBUTE) ?? "");
  for (const id of waiters.keys()) open(id);
}

type RouterLike = { state: Record<string, unknown>; subscribe(listener: (state: Record<string, unknown>) => void): () => void };
let routerWatched = false;

function watchRouter() {
  if (routerWatched) return;
  routerWatched = true;
  const router = (window as unknown as { __reactRouterDataRouter?: RouterLike }).__reactRouterDataRouter;
  // Without the router's own subscription a navigation could wait on a closed section: open all.
  if (!router) {
    openAll();
    return;
  }
  let previous = router.state;
  router.subscribe((state) => {
    // A new state whose every part is the same (lazy route discovery announces one when it adds
    // the routes of the page's links; the shop sends every route up front, so it should not come)
    // changes nothing on the page: the sections stay closed, and React holds that render, which
    // shows nothing new, until they open.
    const changed = Object.keys(state).some((key) => state[key] !== previous[key]);
    previous = state;
    // Anything else (a navigation starting, a fetcher, a revalidation) opens every section at once,
    // before React renders the change, so React hydrates them first instead of waiting on them.
    if (changed) openAll();
  });
}

if (typeof window !== "undefined") {
  // In the capture phase on `window`, before React's own listeners on the document: an input on a
  // section not hydrated yet opens it first, so React can hydrate it at once and answer the input
  // (a tap on Add to Cart in a best-seller card, Tab into the FAQ).
  for (const type of ["pointerdown", "mousedown", "touchstart", "click", "keydown", "focusin", "input"]) {
    window.addEventListener(
      type,
      (event) => {
        const target = event.target instanceof Element ? event.target.closest(`[${SECTION_ATTRIBUTE}]`) : null;
        if (target) open(target.getAttribute(SECTION_ATTRIBUTE) ?? "");
      },
      { capture: true, passive: true },
    );
  }
}

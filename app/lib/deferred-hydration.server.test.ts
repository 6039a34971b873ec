import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { CART_COOKIE, EMPTY_CART_COOKIE } from "./cart/cart-cookie";
import { createHydrationDeferral, deferHydrationScripts, HYDRATION_CAP_MS } from "./deferred-hydration.server";

const NONCE = "n0+nce/AB==";
const head =
  `<html><head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/root-B.js"/><title>Home ₹</title></head>`;
const moduleCode = `import * as route0 from "/assets/root-B.js";\nwindow.__m = {"path":"</x>"};\nimport("/assets/entry.client-A.js");`;
const body =
  `<body><main>Price ₹1,599</main><script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${moduleCode}</script>`;
const rest = `<div hidden id="S:1"><p>streamed</p></div><script nonce="${NONCE}">$RC("B:1","S:1")</script></body></html>`;
const documentHtml = head + body + rest;

describe("deferHydrationScripts", () => {
  it("drops the module preloads and replaces React Router's module script with a classic loader carrying the nonce", () => {
    const out = deferHydrationScripts(documentHtml, NONCE)!;
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(out).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
    expect(out.endsWith(rest)).toBe(true);
    const loader = out.match(new RegExp(`<script nonce="${NONCE.replace(/[+/]/g, "\\$&")}">\\(function startHydrationLater[\\s\\S]*?</script>`))?.[0];
    expect(loader).toBeDefined();
    expect(loader).toContain(JSON.stringify(["/assets/entry.client-A.js", "/assets/root-B.js"]));
    expect(loader).toContain(`,${HYDRATION_CAP_MS},"glacial:hydrating","glacial:hydrated")</script>`);
  });

  it("escapes the module code so nothing in it can close the loader's script element", () => {
    const out = deferHydrationScripts(documentHtml, NONCE)!;
    const loader = out.slice(out.indexOf("(function startHydrationLater"), out.indexOf(rest));
    expect(loader.match(/<\//g)).toHaveLength(1); // only the loader's own </script>
    expect(loader).toContain("\\u003c/x>");
  });

  it("answers null until the module script has fully arrived, and for a script with another nonce", () => {
    expect(deferHydrationScripts(head, NONCE)).toBeNull();
    expect(deferHydrationScripts(head + body.slice(0, -5), NONCE)).toBeNull();
    expect(deferHydrationScripts(documentHtml, "other-nonce")).toBeNull();
  });
});

describe("the early-tap script", () => {
  it("goes first in the head, after the character set, with the nonce, and runs once hydration is announced", () => {
    const withCharset = documentHtml.replace("<head>", '<head><meta charSet="utf-8"/>');
    const out = deferHydrationScripts(withCharset, NONCE)!;
    expect(out.startsWith(`<html><head><meta charSet="utf-8"/><script nonce="${NONCE}">(function answerEarlyTaps(`)).toBe(true);
    // With the cart cookie's name and its value for an empty cart, the rule React keeps for a stored cart.
    expect(out).toContain(`)("glacial:hydrating","glacial:hydrated","__glacialEarlyCart","${CART_COOKIE}","${EMPTY_CART_COOKIE}")</script><link rel="stylesheet"`);
    // Without a character set, right after <head>; without a head, not at all.
    expect(deferHydrationScripts(documentHtml, NONCE)!.startsWith(`<html><head><script nonce="${NONCE}">(function answerEarlyTaps(`)).toBe(true);
    expect(deferHydrationScripts(documentHtml.replace("<head>", "<x>").replace("</head>", "</x>"), NONCE)).not.toContain("answerEarlyTaps");
  });
});

describe("createHydrationDeferral", () => {
  it("gives the same document when the HTML arrives a byte at a time, multi-byte characters included", async () => {
    const bytes = Buffer.from(documentHtml);
    const chunks = [...bytes].map((b) => Buffer.from([b]));
    const out = await text(Readable.from(chunks).pipe(createHydrationDeferral(NONCE)));
    expect(out).toBe(deferHydrationScripts(documentHtml, NONCE));
    expect(out).toContain("Home ₹");
  });

  it("passes the shell on as soon as the module script has passed, before the streamed rest arrives", async () => {
    const stage = createHydrationDeferral(NONCE);
    const received: string[] = [];
    stage.on("data", (c: Buffer) => received.push(c.toString()));
    stage.write(head);
    await new Promise((r) => setImmediate(r));
    expect(received).toEqual([]);
    stage.write(body);
    await new Promise((r) => setImmediate(r));
    expect(received.join("")).toContain("<main>Price ₹1,599</main>");
    stage.end(rest);
    await new Promise((r) => stage.once("end", r));
    expect(received.join("")).toBe(deferHydrationScripts(documentHtml, NONCE));
  });

  it("passes a document without the module script on unchanged", async () => {
    const plain = `<html><head></head><body><p>₹ no scripts</p></body></html>`;
    const out = await text(Readable.from([Buffer.from(plain.slice(0, 20)), Buffer.from(plain.slice(20))]).pipe(createHydrationDeferral(NONCE)));
    expect(out).toBe(plain);
  });
});

/** The test document with `count` more module preloads in its head (16 in all for 14). */
function withPreloads(count: number): string {
  const links = Array.from({ length: count }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js"/>`).join("");
  return documentHtml.replace("<title>", `${links}<title>`);
}

/** Just enough of an element for the loader's click rule. */
class FakeElement {
  clicks = 0;
  isConnected = true;
  disabled = false;
  constructor(
    readonly tag: string,
    readonly type = "",
    readonly form: object | null = null,
    readonly parent: FakeElement | null = null,
  ) {}
  closest(selector: string): FakeElement | null {
    return this.tag === selector ? this : (this.parent?.closest(selector) ?? null);
  }
  click() {
    this.clicks++;
  }
}

/** Runs the loader the way a browser would, in a sandbox with just enough of a DOM. */
/** Paint timing as Chromium has it: the observer hears of the first contentful paint when it is on screen. */
class FakePaintObserver {
  static supportedEntryTypes = ["paint"];
  static live: FakePaintObserver[] = [];
  observing = false;
  constructor(readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
  observe() {
    this.observing = true;
    FakePaintObserver.live.push(this);
  }
  disconnect() {
    this.observing = false;
  }
  static paint(name: string) {
    for (const o of FakePaintObserver.live.filter((x) => x.observing)) o.callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
  }
}

function runLoader(opts: { hidden?: boolean; html?: string; paintTiming?: boolean } = {}) {
  const out = deferHydrationScripts(opts.html ?? documentHtml, NONCE)!;
  const source = out.match(/<script nonce="[^"]+">(\(function startHydrationLater[\s\S]*?)<\/script>/)![1]!;
  const listeners = new Map<string, ((event?: unknown) => void)[]>();
  const timers: { fn: () => void; ms: number }[] = [];
  const frames: (() => void)[] = [];
  const appended: Record<string, unknown>[] = [];
  const marks: unknown[] = [];
  const sandbox = {
    addEventListener: (name: string, fn: () => void) => listeners.set(name, [...(listeners.get(name) ?? []), fn]),
    removeEventListener: (name: string, fn: () => void) => listeners.set(name, (listeners.get(name) ?? []).filter((f) => f !== fn)),
    Element: FakeElement,
    ...(opts.paintTiming ? { PerformanceObserver: FakePaintObserver } : {}),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    performance: { mark: (_name: string, options: { detail: unknown }) => marks.push(options.detail) },
    document: {
      visibilityState: opts.hidden ? "hidden" : "visible",
      createElement: (tag: string) => {
        const element: Record<string, unknown> = { tag };
        element.addEventListener = (name: string, fn: () => void) => (element[`on${name}`] = fn);
        return element;
      },
      head: { appendChild: (el: Record<string, unknown>) => appended.push(el) },
    },
  };
  vm.runInNewContext(source, sandbox);
  // The page's own Error constructor, as React DOM's module would see it.
  const stackLimit = () => vm.runInContext("Error.stackTraceLimit", sandbox) as unknown;
  const stackDepth = () => vm.runInContext("String(new Error('x').stack).split('\\n').length - 1", sandbox) as number;
  const fire = (name: string, event: unknown = { type: name }) => [...(listeners.get(name) ?? [])].forEach((fn) => fn(event));
  // Runs the timers due after `ms` that are waiting now (not those they set).
  const runTimers = (ms: number) => {
    const due = timers.filter((t) => t.ms === ms);
    timers.splice(0, timers.length, ...timers.filter((t) => t.ms !== ms));
    due.forEach((t) => t.fn());
  };
  // Runs the page's 0 ms timers, and those they set, until none is left: the preloads one per task.
  const settle = () => {
    while (timers.some((t) => t.ms === 0)) runTimers(0);
  };
  return { appended, marks, fire, runTimers, settle, frames, timers, stackLimit, stackDepth };
}

describe("the loader in the browser", () => {
  it("without paint timing, waits for the load event and the next frame, then adds the preloads and the module script with its nonce", () => {
    const page = runLoader();
    expect(page.appended).toEqual([]);
    page.fire("load");
    expect(page.appended).toEqual([]);
    page.frames.forEach((f) => f());
    page.runTimers(0);
    expect(page.marks).toEqual(["load"]);
    page.settle();
    expect(page.appended.map((el) => el.tag)).toEqual(["link", "link", "script"]);
    expect(page.appended.slice(0, 2).map((el) => [el.rel, el.href])).toEqual([
      ["modulepreload", "/assets/entry.client-A.js"],
      ["modulepreload", "/assets/root-B.js"],
    ]);
    expect(page.appended[2]).toMatchObject({ type: "module", nonce: NONCE, textContent: moduleCode });
  });

  it("with paint timing, waits after the load event until the first contentful paint is on screen", () => {
    FakePaintObserver.live = [];
    const page = runLoader({ paintTiming: true });
    page.fire("load");
    FakePaintObserver.paint("first-paint");
    expect(page.marks).toEqual([]);
    FakePaintObserver.paint("first-contentful-paint");
    expect(page.marks).toEqual(["load"]);
    page.settle();
    expect(page.appended.at(-1)).toMatchObject({ tag: "script", type: "module" });
    expect(FakePaintObserver.live.every((o) => !o.observing)).toBe(true);
  });

  it("starts on the shopper's first key press once its answer can be painted (the next frame), and only once", () => {
    const page = runLoader();
    page.fire("keydown");
    expect(page.marks).toEqual([]);
    page.frames.splice(0).forEach((f) => f());
    page.runTimers(0);
    expect(page.marks).toEqual(["input"]);
    page.fire("pointerdown");
    page.fire("load");
    page.frames.forEach((f) => f());
    page.runTimers(0);
    page.runTimers(HYDRATION_CAP_MS);
    expect(page.marks).toEqual(["input"]);
    expect(page.appended.filter((el) => el.tag === "script")).toHaveLength(1);
  });

  it("on a touch, starts once the tap's click has been dispatched and the next frame, or half a second into a long press", () => {
    const page = runLoader();
    page.fire("pointerdown");
    page.fire("touchstart");
    page.frames.splice(0).forEach((f) => f());
    page.runTimers(0);
    expect(page.marks).toEqual([]);
    // The finger lifts: its click has not come yet.
    page.fire("pointerup");
    page.fire("touchend");
    page.runTimers(0);
    page.frames.splice(0).forEach((f) => f());
    page.runTimers(0);
    expect(page.marks).toEqual([]);
    // The tap's mouse events and click (the early-tap script may stop the click itself).
    page.fire("mouseup");
    expect(page.frames).toHaveLength(0);
    page.runTimers(0);
    expect(page.frames).toHaveLength(1);
    page.frames.splice(0).forEach((f) => f());
    page.runTimers(0);
    expect(page.marks).toEqual(["input"]);

    const pressed = runLoader();
    pressed.fire("touchstart");
    pressed.runTimers(500);
    pressed.runTimers(0);
    pressed.frames.splice(0).forEach((f) => f());
    pressed.runTimers(0);
    expect(pressed.marks).toEqual(["input"]);
  });

  it("does not start at the page's load while a touch waits for its click: the tap's answer comes first", () => {
    const page = runLoader();
    page.fire("pointerdown");
    page.fire("load");
    page.frames.splice(0).forEach((f) => f());
    page.runTimers(0);
    expect(page.marks).toEqual([]);
    page.fire("click");
    page.runTimers(0);
    page.frames.splice(0).forEach((f) => f());
    page.runTimers(0);
    expect(page.marks).toEqual(["input"]);
    page.settle();
    expect(page.appended.filter((el) => el.tag === "script")).toHaveLength(1);
  });

  it("starts after the cap when the page never finishes loading", () => {
    const page = runLoader();
    expect(page.timers.map((t) => t.ms)).toEqual([HYDRATION_CAP_MS]);
    page.runTimers(HYDRATION_CAP_MS);
    expect(page.marks).toEqual(["timeout"]);
    page.settle();
    expect(page.appended.filter((el) => el.tag === "script")).toHaveLength(1);
  });

  it("starts on load without waiting for a paint in a hidden tab, which paints nothing", () => {
    const page = runLoader({ hidden: true });
    page.fire("load");
    expect(page.marks).toEqual(["load"]);
    expect(page.frames).toEqual([]);
  });

  it("replays an early click on a button only scripts can answer once the page has hydrated, and only that one", () => {
    const page = runLoader();
    const button = new FakeElement("button", "button");
    const icon = new FakeElement("svg", "", null, button);
    const submit = new FakeElement("button", "submit", {});
    const link = new FakeElement("a");
    page.fire("click", { target: submit });
    page.fire("click", { target: link });
    page.fire("click", { target: icon });
    page.fire("pointerdown");
    page.fire("glacial:hydrating");
    expect(button.clicks).toBe(0);
    // While React hydrates it hears clicks itself (and answers them once it has): none is kept.
    const duringHydration = new FakeElement("button", "button");
    page.fire("click", { target: duringHydration });
    page.fire("glacial:hydrated");
    expect([button.clicks, submit.clicks, link.clicks, duringHydration.clicks]).toEqual([1, 0, 0, 0]);
    page.fire("glacial:hydrated");
    expect(button.clicks).toBe(1);
  });

  it("drops a kept click whose button left the page during hydration", () => {
    const page = runLoader();
    const button = new FakeElement("button", "button");
    page.fire("click", { target: button });
    page.fire("glacial:hydrating");
    button.isConnected = false;
    page.fire("glacial:hydrated");
    expect(button.clicks).toBe(0);
  });

  it("adds the preloads one per task, then the module script, so no one task issues several", () => {
    const page = runLoader({ html: withPreloads(14) });
    page.fire("keydown");
    page.frames.splice(0).forEach((f) => f());
    page.runTimers(0);
    const counts = [page.appended.length];
    while (page.timers.some((t) => t.ms === 0)) {
      page.runTimers(0);
      counts.push(page.appended.length);
    }
    // Sixteen preloads: one per task, the module script with the last.
    expect(counts).toEqual([...Array.from({ length: 15 }, (_, i) => i + 1), 17]);
    expect(page.appended.slice(0, 16).every((el) => el.tag === "link")).toBe(true);
    expect(page.appended[16]).toMatchObject({ tag: "script", type: "module", nonce: NONCE });
  });

  it("records no stacks from the module script's start until hydration is announced, then the page's own limit again", () => {
    const page = runLoader();
    expect(page.stackLimit()).toBe(10);
    page.fire("load");
    page.frames.forEach((f) => f());
    page.runTimers(0);
    expect(page.stackLimit()).toBe(10);
    page.settle();
    expect(page.appended.at(-1)).toMatchObject({ tag: "script", type: "module" });
    expect(page.stackLimit()).toBeUndefined();
    expect(page.stackDepth()).toBe(0);
    page.fire("glacial:hydrating");
    expect(page.stackLimit()).toBe(10);
    expect(page.stackDepth()).toBeGreaterThan(0);
  });

  it("gives stacks back at once when a module throws, the module script fails to load or its import of the entry is refused, and hydration never comes", () => {
    const failures: [string, (page: ReturnType<typeof runLoader>) => void][] = [
      ["a module throws", (page) => page.fire("error")],
      ["the script fails to load", (page) => (page.appended.at(-1)!.onerror as () => void)()],
      ["the entry's import is refused", (page) => page.fire("unhandledrejection")],
    ];
    for (const [what, fail] of failures) {
      const page = runLoader();
      page.fire("load");
      page.frames.forEach((f) => f());
      page.runTimers(0);
      page.settle();
      expect(page.stackLimit(), what).toBeUndefined();
      fail(page);
      expect(page.stackLimit(), what).toBe(10);
    }
  });

  it("adds them all in one go in a hidden tab, whose timers run once a second", () => {
    const page = runLoader({ hidden: true, html: withPreloads(14) });
    page.fire("load");
    expect(page.appended.map((el) => el.tag)).toEqual([...Array(16).fill("link"), "script"]);
  });
});

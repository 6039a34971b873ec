import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { browserScriptSource } from "./browser-script";
import { CART_COOKIE, EMPTY_CART_COOKIE } from "./cart/cart-cookie";
import { EARLY_CART_MARK } from "./early-cart-mark";
import { answerEarlyTaps } from "./early-taps";
import { HYDRATED_EVENT, HYDRATING_EVENT } from "./hydration-events";

/**
 * Storefront pages start loading their hydration code once the page has loaded (its stylesheet and
 * above-the-fold images), at the shopper's first touch, key press or scroll, or after this long at
 * most. Until then the server-rendered page is complete to read, and its links and GET forms work.
 * On a slow phone connection the hero or product image then no longer shares the link with some
 * 140 KB of scripts, so it shows sooner; the scripts arrive at about the same time as before
 * (the bytes are the same and the link was already full).
 */
export const HYDRATION_CAP_MS = 3_000;

/**
 * Runs in the browser, sent as its source (browserScriptSource): it must use only its arguments.
 * Adds the module preloads React Router would have put in the head, then React Router's own module
 * script. A click on a button that only scripts can answer (not a link, not a form's submit
 * button: those work without them), made before React listens, is replayed once the page has
 * hydrated, so an early tap is not lost. From `hydratingEvent` on, React hears clicks itself and
 * answers them.
 */
function startHydrationLater(nonce: string, preloads: string[], code: string, capMs: number, hydratingEvent: string, hydratedEvent: string) {
  let started = false;
  let pendingClick: HTMLButtonElement | null = null;
  function onClick(event: Event) {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || button.disabled || (button.type === "submit" && button.form)) return;
    pendingClick = button;
  }
  addEventListener("click", onClick, true);
  addEventListener(hydratingEvent, () => removeEventListener("click", onClick, true), { once: true });
  addEventListener(
    hydratedEvent,
    () => {
      const button = pendingClick;
      pendingClick = null;
      if (button && button.isConnected) button.click();
    },
    { once: true },
  );
  const events = ["pointerdown", "keydown", "touchstart", "scroll"];
  function start(reason: string) {
    // A touch on its way to its click (below) starts the code itself once the tap is answered.
    if (started || (touchPending && reason !== "input")) return;
    started = true;
    for (const name of events) removeEventListener(name, onInput, true);
    performance.mark("glacial:hydration-start", { detail: reason });
    addPreloads(0);
  }
  // Each request costs the main thread 1 to 7 ms on a slow phone's first page (the browser starts
  // the fetch before appendChild returns): thirty at once made one long task that held up a tap,
  // and six at once still made a task of 13-24 ms at full speed on a slow 2-core machine, four times
  // that on the phone Lighthouse models. One per task, then React Router's module script. A hidden
  // tab's timers are slowed to one a second, so there it is all at once.
  function addPreloads(from: number) {
    const batch = document.visibilityState === "hidden" ? preloads.length : 1;
    for (const href of preloads.slice(from, from + batch)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    if (from + batch < preloads.length) {
      setTimeout(() => addPreloads(from + batch), 0);
      return;
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = code;
    // React DOM creates a few errors as its module runs: markers it throws and catches itself,
    // whose stacks nobody reads. A phone records a cheap stack for each. With DevTools attached,
    // as in Lighthouse and every Playwright page, V8 records each frame's line and column, and
    // re-parses React DOM's whole module to find them: 35-115 ms of main thread at 4x, paid only
    // there. So errors carry no stack while the modules run, until the page announces hydration,
    // a module throws (its error event still gives file, line and column), the script fails to
    // load, or its import of the client entry is refused (a rejection nobody handles). A
    // non-number turns stacks off; 0 would not: DevTools asks for its own number of frames.
    const stackLimit = Error.stackTraceLimit;
    const restoreStacks = () => {
      Error.stackTraceLimit = stackLimit;
    };
    addEventListener(hydratingEvent, restoreStacks, { once: true });
    addEventListener("error", restoreStacks, { once: true });
    addEventListener("unhandledrejection", restoreStacks, { once: true });
    script.addEventListener("error", restoreStacks, { once: true });
    (Error as { stackTraceLimit?: number }).stackTraceLimit = undefined;
    document.head.appendChild(script);
  }
  // Loading and running the code is a second of main-thread work on a slow phone: it starts only
  // once the input that asked for it has been answered on screen (the early-tap script answers a
  // tap on the common buttons), else the answer would wait behind it. A touch's click comes after
  // the finger lifts, in a task of its own together with the touch's mouse events: the start
  // waits for that task and then for a frame to be painted (the frame's callback, then a task
  // after it); a key or a scroll, the next frame. The page's load does not start the code while a
  // touch is on its way to its click. A touch that turns into a scroll has no click: half a
  // second at most.
  let inputSeen = false;
  let touchPending = false;
  function afterAnswer() {
    requestAnimationFrame(() => setTimeout(() => start("input"), 0));
  }
  function onInput(event: Event) {
    if (started || inputSeen) return;
    inputSeen = true;
    if (event.type !== "pointerdown" && event.type !== "touchstart") return afterAnswer();
    touchPending = true;
    const ends = ["mouseup", "click", "pointercancel", "touchcancel"];
    const go = () => {
      if (!touchPending) return;
      touchPending = false;
      for (const name of ends) removeEventListener(name, go, true);
      // After the listeners still to come for this event (the early-tap script's click).
      setTimeout(afterAnswer, 0);
    };
    for (const name of ends) addEventListener(name, go, { capture: true, passive: true });
    setTimeout(go, 500);
  }
  for (const name of events) addEventListener(name, onInput, { capture: true, passive: true });
  // On a fast connection the page can finish loading before its first paint: wait for that paint
  // to be on screen (its paint-timing entry), so the first view never waits for the scripts.
  // Without paint timing, just after the next frame. A hidden tab paints nothing: at once.
  function afterFirstPaint(then: () => void) {
    if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      requestAnimationFrame(() => setTimeout(then, 0));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: "paint", buffered: true });
  }
  addEventListener(
    "load",
    () => {
      if (document.visibilityState === "hidden") start("load");
      else afterFirstPaint(() => start("load"));
    },
    { once: true },
  );
  setTimeout(() => start("timeout"), capMs);
}

const PRELOAD = /<link rel="modulepreload" href="([^"&<>]+)"(?: nonce="[^"]*")?\/>/g;
const SCRIPT_END = "</script>";

/** JSON that cannot close the script element it is written into. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * Rewrites the start of a server-rendered document so that its hydration code loads later:
 * drops the module preloads from the head and turns React Router's module script (the one
 * carrying this request's nonce) into a classic script that adds both back at the right moment.
 * Returns null when the document (so far) holds no complete module script.
 */
export function deferHydrationScripts(html: string, nonce: string): string | null {
  const open = `<script nonce="${nonce}" type="module" async="">`;
  const start = html.indexOf(open);
  if (start < 0) return null;
  const end = html.indexOf(SCRIPT_END, start + open.length);
  if (end < 0) return null;
  const code = html.slice(start + open.length, end);
  const before = html.slice(0, start);
  const preloads = [...before.matchAll(PRELOAD)].map((m) => m[1]);
  const args = [scriptJson(nonce), scriptJson(preloads), scriptJson(code), String(HYDRATION_CAP_MS), scriptJson(HYDRATING_EVENT), scriptJson(HYDRATED_EVENT)].join(",");
  const loader = `<script nonce="${nonce}">(${LOADER_SOURCE})(${args})</script>`;
  return withEarlyTaps(before.replace(PRELOAD, ""), nonce) + loader + html.slice(end + SCRIPT_END.length);
}

// Every storefront page carries both: read once, minified in the server build.
const LOADER_SOURCE = browserScriptSource(startHydrationLater);
const EARLY_TAPS_SOURCE = browserScriptSource(answerEarlyTaps);

/**
 * The early-tap script goes first in the head (after the character set, which must come within
 * the first kilobyte): a tap can come as soon as a button is painted, long before the parser
 * reaches the end of the body where the loader is.
 */
function withEarlyTaps(html: string, nonce: string): string {
  const charset = html.indexOf('<meta charSet="utf-8"/>');
  const head = html.indexOf("<head>");
  if (head < 0) return html;
  const at = charset > head ? charset + '<meta charSet="utf-8"/>'.length : head + "<head>".length;
  const script = `<script nonce="${nonce}">(${EARLY_TAPS_SOURCE})(${scriptJson(HYDRATING_EVENT)},${scriptJson(HYDRATED_EVENT)},${scriptJson(EARLY_CART_MARK)},${scriptJson(CART_COOKIE)},${scriptJson(EMPTY_CART_COOKIE)})</script>`;
  return html.slice(0, at) + script + html.slice(at);
}

/** Past this much HTML without the module script, the document is passed on untouched. */
const MAX_BUFFERED_CHARS = 2_000_000;

/**
 * A stream stage for a server-rendered storefront document: holds back the shell until React
 * Router's module script has passed, rewrites it with `deferHydrationScripts`, then passes the
 * rest (the streamed Suspense content) through as it comes.
 */
export function createHydrationDeferral(nonce: string): Transform {
  const decoder = new StringDecoder("utf8");
  let pending: string | null = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // Decoded throughout, so a character split across two chunks survives the switch to passing on.
      const text = decoder.write(chunk);
      if (pending === null) return callback(null, text || undefined);
      pending += text;
      const rewritten = deferHydrationScripts(pending, nonce);
      if (rewritten === null && pending.length < MAX_BUFFERED_CHARS) return callback();
      const out = rewritten ?? pending;
      pending = null;
      callback(null, out);
    },
    flush(callback) {
      const tail = decoder.end();
      if (pending === null) return callback(null, tail || undefined);
      const rest = pending + tail;
      pending = null;
      callback(null, deferHydrationScripts(rest, nonce) ?? rest);
    },
  });
}

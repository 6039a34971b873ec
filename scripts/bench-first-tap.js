// First tap on a mid-range phone: how long a shopper waits between tapping one of the storefront's
// common first buttons and seeing it answered, with the page's CPU slowed 4x by Chromium's own
// throttling (as Lighthouse's mobile preset does) on a phone-sized touch screen.
//
// Each button is tapped twice over, in fresh browser contexts (a first visit each time):
//   - "early":   as soon as the button is visible, while the page is still loading or hydrating;
//   - "settled": once React has hydrated the page, the button has been scrolled onto the screen and
//                no long task has run for a second.
// Both times start at the tap's own timestamp (the moment the touch reached the page, even if its
// main thread was busy). Median of FIRST_TAP_RUNS (5) per button.
//   - in the page (`medianMs`): to just after the first frame that shows the answer has been
//     produced, as a message posted from that frame is received. A task queued before that message
//     (a script arriving, the parser's next chunk) is counted too, though the frame was already made;
//   - presented (`paintedMedianMs`): Chromium's Event Timing, the source of Interaction to Next
//     Paint: the click's entry ends when the first frame after its handlers is on screen (8 ms
//     steps). Counted only when the answer was in that frame (checked in the page on every frame),
//     as it was in every tap measured so far. `waitedMedianMs`: from the touch to the click's
//     handlers starting, the time the tap waited for the main thread.
//
//   node scripts/bench-first-tap.js http://127.0.0.1:3901     against a running production server
//   (npm run bench runs it against the build it serves, with the bare page's floor; FIRST_TAP_RUNS,
//   FIRST_TAP_ONLY=home,product, FIRST_TAP_CPU_SLOWDOWN, FIRST_TAP_PHONE_INDEX, and FIRST_TAP_FLOOR=
//   http://127.0.0.1:3902 for the floor against a running bare page's server, bench/bare/server.js)
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, median } from "./bench-kit.js";

/** Lighthouse's mobile preset: a Moto G Power sized screen. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
// The budgets are at 4x. FIRST_TAP_CPU_SLOWDOWN sets another rate, to stand for the same
// phone on a host slower or faster than Lighthouse's reference (Lighthouse's CPU index of the host
// divided by the rate is about the phone's; see hostBenchmarkIndex). The bench records the rate.
export const CPU_SLOWDOWN = Number(process.env.FIRST_TAP_CPU_SLOWDOWN ?? 4);
if (!(CPU_SLOWDOWN >= 1)) throw new Error(`FIRST_TAP_CPU_SLOWDOWN=${process.env.FIRST_TAP_CPU_SLOWDOWN}: a CPU slowdown rate of 1 or more, such as 4`);
// FIRST_TAP_PHONE_INDEX=1000 stands for one phone whatever the host's speed, as DevTools' calibrated
// presets do (its "mid-tier mobile" is a benchmark index of 1000, a Pixel 5; "low-tier" 264, a
// Moto G4 Power 2022): each tap reads the host's index in its own blank page, unthrottled, just
// before it loads the shop, and slows the CPU by that index divided by the phone's (never below 1x).
// The host's speed can change by half within minutes on a shared virtual machine, so a rate fixed
// for a whole run stands for a faster phone in one minute and a slower one in the next; a rate read
// per tap follows it. The budgets are at the fixed 4x, which `npm run bench` uses unless this
// is set: this says which phone the shop answers within those budgets on any quiet host. It does not
// test a busy one: the reading before a tap takes in the load of that moment and the slowdown
// shrinks with it, while the load comes in bursts a tap may or may not meet (the fixed rate does).
export const PHONE_INDEX = process.env.FIRST_TAP_PHONE_INDEX ? Number(process.env.FIRST_TAP_PHONE_INDEX) : null;
if (PHONE_INDEX !== null && !(PHONE_INDEX > 0)) throw new Error(`FIRST_TAP_PHONE_INDEX=${process.env.FIRST_TAP_PHONE_INDEX}: a benchmark index above 0, such as 1000`);
if (PHONE_INDEX !== null && process.env.FIRST_TAP_CPU_SLOWDOWN) throw new Error("FIRST_TAP_PHONE_INDEX and FIRST_TAP_CPU_SLOWDOWN both set: the phone's index sets the rate, so give one or the other");
const ANSWER_TIMEOUT_MS = 20_000;
const SETTLE_QUIET_MS = 1_000;
const SETTLE_CAP_MS = 20_000;

/**
 * Lighthouse's own CPU benchmark (its "benchmark index", shown as "CPU/Memory Power" at the foot of
 * a report), run unthrottled in a blank page of this machine's Chromium. A 4x slowdown is a fixed
 * ratio to the host, not a fixed phone: Lighthouse expects a host of 1000 or more (it warns below
 * that), and a throttled run behaves like a device of about the index divided by the slowdown.
 * Read at the start and end of a measurement, it tells which phone a run stood for, and lets runs
 * on different machines be compared.
 */
export async function hostBenchmarkIndex() {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  try {
    return await benchmarkIndexIn(await browser.newPage());
  } finally {
    await browser.close();
  }
}

/** The same benchmark in a page already open (blank, and not yet throttled). */
async function benchmarkIndexIn(page) {
  return Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex));
}

/**
 * The floor of a tap, measured in the same run: the bare React Router page's `/tap`, whose one
 * button puts a small panel on screen through React state (bench/bare/app/routes/tap.tsx). A
 * settled tap there is what the touch's way through the browser, the throttled CPU and one React
 * update and frame cost on this host with nothing of the shop's, as the bare page is for
 * Lighthouse. Settled only: that page has no script to answer a tap before React runs.
 */
const FLOOR = "bare page's button";
const FLOOR_BUTTON = { name: "Open panel", find: (p) => p.getByRole("button", { name: "Open panel" }), answer: { kind: "dialog", name: "Bare panel" }, hydrated: "main button" };

/**
 * The buttons of each page: how to find the one to tap, and what shows it was answered (checked in
 * the page on every frame after the tap; see `answered` in `watchForAnswer`).
 */
function buttonsOf(pageName) {
  const common = [
    { name: "cart icon", find: (p) => p.getByRole("button", { name: /^Cart/ }), answer: { kind: "dialog", name: "Your Cart" } },
    { name: "menu", find: (p) => p.getByRole("button", { name: "Open menu" }), answer: { kind: "menu" } },
    { name: "chat", find: (p) => p.getByRole("button", { name: "Open support chat" }), answer: { kind: "dialog", name: "GLACIAL Support" } },
  ];
  const addToCart = {
    home: (p) => p.getByRole("region", { name: "Best Seller" }).getByRole("button", { name: /^Add to Cart/ }).first(),
    collection: (p) => p.locator("main").getByRole("button", { name: /^Add to Cart/ }).first(),
    product: (p) => p.locator("main").getByRole("button", { name: "Add to Cart", exact: true }),
  }[pageName];
  const buttons = [{ name: "Add to Cart", find: addToCart, answer: { kind: "dialog", name: "Your Cart", text: "1 item" } }, ...common];
  if (pageName === "product") {
    buttons.push(
      // The first choice of the first option that is not selected yet (a colour swatch on the demo products).
      { name: "variant swatch", find: (p) => p.locator("main fieldset label:has(input[type=radio]:not(:checked))").first(), answer: { kind: "choice" } },
      { name: "quantity +", find: (p) => p.getByRole("button", { name: "Increase quantity" }), answer: { kind: "quantity", value: "2" } },
    );
  }
  return buttons;
}

/**
 * Runs in the page before any of its own scripts. Notes each long task (for "settled"), and from
 * the first pointerdown on checks on every frame whether the answer is on screen; once it is, the
 * time after that frame has been produced is the answer's time.
 */
function watchForAnswer(answer) {
  const state = { lastLongTask: 0, tap: null, answeredAt: null, click: null, firstFrameAfterClick: null, answerFrame: null };
  window.__firstTap = state;
  // Chromium's own account of the tap (Event Timing, the source of Interaction to Next Paint): when
  // the click's handlers started, and when the first frame after them was presented.
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.name === "click" && e.interactionId && !state.click) state.click = { startTime: e.startTime, duration: e.duration, processingStart: e.processingStart };
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch {
    // No event timing: only the in-page time is taken.
  }
  // The first frame after the click's handlers (this listener is the page's first on `window`).
  addEventListener(
    "click",
    () => {
      if (!state.tap || state.firstFrameAfterClick !== null) return;
      state.firstFrameAfterClick = -1;
      requestAnimationFrame((time) => (state.firstFrameAfterClick = time));
    },
    { capture: true },
  );
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.lastLongTask = Math.max(state.lastLongTask, e.startTime + e.duration);
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // No long task timing: "settled" then only waits for hydration and the quiet period.
  }
  const shown = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight && style.visibility !== "hidden" && style.display !== "none";
  };
  const nameOf = (el) => {
    const by = el.getAttribute("aria-labelledby");
    if (by) return by.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
    return el.getAttribute("aria-label") ?? "";
  };
  const dialogs = () => [...document.querySelectorAll('[role="dialog"], dialog')].filter((d) => (d.tagName !== "DIALOG" || d.open) && shown(d));
  function answered() {
    if (answer.kind === "dialog") return dialogs().some((d) => nameOf(d).includes(answer.name) && (!answer.text || d.textContent.includes(answer.text)));
    if (answer.kind === "menu") return dialogs().some((d) => d.querySelector('nav[aria-label="Mobile"]'));
    if (answer.kind === "choice") {
      const input = document.querySelector(`main fieldset input[type=radio][value="${CSS.escape(state.tap.value ?? "")}"]`);
      const legend = input?.closest("fieldset")?.querySelector("legend");
      return Boolean(input?.checked && legend?.textContent.includes(state.tap.value));
    }
    if (answer.kind === "quantity") return [...document.querySelectorAll('main input[type="number"]')].some((i) => i.value === answer.value);
    return false;
  }
  addEventListener(
    "pointerdown",
    (event) => {
      if (state.tap) return;
      const target = event.target instanceof Element ? event.target.closest("button, label") : null;
      state.tap = {
        at: event.timeStamp,
        value: target?.querySelector("input")?.value ?? null,
        // React attaches its props to an element when it hydrates it.
        hydrated: Boolean(target && Object.keys(target).some((k) => k.startsWith("__reactProps"))),
      };
      const frame = (time) => {
        if (!answered()) return requestAnimationFrame(frame);
        state.answerFrame = time;
        // Just after the frame that shows the answer has been produced.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (state.answeredAt = performance.now());
        channel.port2.postMessage(null);
      };
      requestAnimationFrame(frame);
    },
    { capture: true },
  );
}

async function tapOnce(browser, url, button, mode) {
  const context = await browser.newContext(PHONE);
  try {
    // Keep the marketing popup away (it would cover the page), as a returning visitor who closed it.
    await context.addInitScript(() => {
      const now = String(Date.now());
      localStorage.setItem("popup_last_shown", now);
      sessionStorage.setItem("popup_last_shown", now);
    });
    await context.addInitScript(watchForAnswer, button.answer);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    let rate = CPU_SLOWDOWN;
    let hostIndex = null;
    if (PHONE_INDEX !== null) {
      hostIndex = await benchmarkIndexIn(page);
      rate = Math.max(1, +(hostIndex / PHONE_INDEX).toFixed(2));
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    await page.goto(url, { waitUntil: mode === "early" ? "commit" : "load" });
    const target = button.find(page);
    const settle = async () => {
      const started = Date.now();
      while (Date.now() - started < SETTLE_CAP_MS) {
        const quiet = await page.evaluate(() => performance.now() - window.__firstTap.lastLongTask);
        if (quiet >= SETTLE_QUIET_MS) break;
        await page.waitForTimeout(250);
      }
    };
    if (mode === "settled") {
      // The shop's pages are hydrated once the header's cart button is (the bare page's once its button is).
      await page.waitForFunction((selector) => {
        const probe = document.querySelector(selector);
        return !!probe && Object.keys(probe).some((k) => k.startsWith("__reactProps"));
      }, button.hydrated ?? 'button[aria-label^="Cart"]', { timeout: SETTLE_CAP_MS });
      await settle();
      // A settled page is one the shopper has scrolled to the button and that has then gone quiet:
      // the tap below would otherwise scroll first, and a block drawn only when it comes near the
      // screen (render-when-near) would be laid out and painted between the touch and its answer.
      await target.scrollIntoViewIfNeeded({ timeout: ANSWER_TIMEOUT_MS });
      await settle();
    }
    await target.waitFor({ state: "visible", timeout: ANSWER_TIMEOUT_MS });
    await target.tap({ timeout: ANSWER_TIMEOUT_MS });
    await page.waitForFunction(() => window.__firstTap.answeredAt !== null, undefined, { timeout: ANSWER_TIMEOUT_MS, polling: 50 });
    // Event timing entries are delivered after their frame has been presented.
    await page.waitForFunction(() => window.__firstTap.click !== null, undefined, { timeout: 2_000, polling: 50 }).catch(() => {});
    const state = await page.evaluate(() => window.__firstTap);
    let cartLines = null;
    if (button.name === "Add to Cart") {
      // The line must be in the cart exactly once, however early the tap came.
      await page.waitForFunction(() => (localStorage.getItem("cart") ?? "[]") !== "[]", undefined, { timeout: ANSWER_TIMEOUT_MS });
      await page.waitForTimeout(500);
      cartLines = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]").reduce((n, l) => n + l.quantity, 0));
    }
    // Chromium's figure counts the frame after the click's handlers; it is the answer's frame only
    // when the answer was on screen in that frame (checked on every frame, above).
    const painted = state.click && state.answerFrame === state.firstFrameAfterClick ? Math.round(state.click.startTime + state.click.duration - state.tap.at) : null;
    return {
      ms: Math.round(state.answeredAt - state.tap.at),
      paintedMs: painted,
      waitedMs: state.click ? Math.round(state.click.processingStart - state.tap.at) : null,
      hydratedAtTap: state.tap.hydrated,
      cartLines,
      rate,
      hostIndex,
    };
  } catch (error) {
    return { failed: String(error?.message ?? error).split("\n")[0] };
  } finally {
    await context.close();
  }
}

/**
 * Measures every button of every page in both modes. Pages: { home: "/", product: "/product/..", ... }.
 * With `floor` (the bare page's server, e.g. http://127.0.0.1:3902), the floor's button is tapped
 * settled just before each page's buttons, so each page is read beside a floor taken minutes, not
 * a whole run, apart (the host's speed can change by half in that time).
 * Returns { pages: { [page]: { [button]: { early: {medianMs, runs, ...}, settled: {...} } } },
 * floor: { [page it preceded]: { medianMs, ... } } | null }.
 */
export async function measureFirstTap(base, pages, { runs = 5, log = () => {}, floor = null } = {}) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  const results = {};
  const floors = floor ? {} : null;
  const measure = async (url, button, mode) => {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await tapOnce(browser, url, button, mode));
    const ok = samples.filter((s) => !s.failed);
    return {
      medianMs: median(ok.map((s) => s.ms)),
      runsMs: samples.map((s) => (s.failed ? null : s.ms)),
      paintedMedianMs: median(ok.map((s) => s.paintedMs).filter((ms) => ms !== null)),
      paintedRunsMs: samples.map((s) => (s.failed ? null : s.paintedMs)),
      waitedMedianMs: median(ok.map((s) => s.waitedMs).filter((ms) => ms !== null)),
      beforeHydration: ok.filter((s) => !s.hydratedAtTap).length,
      ...(PHONE_INDEX !== null ? { cpuRates: ok.map((s) => s.rate), hostIndexes: ok.map((s) => s.hostIndex) } : {}),
      ...(button.name === "Add to Cart" ? { cartQuantities: ok.map((s) => s.cartLines) } : {}),
      ...(samples.some((s) => s.failed) ? { failed: samples.filter((s) => s.failed).map((s) => s.failed) } : {}),
    };
  };
  const rates = (m) => (m.cpuRates ? `; CPU ${Math.min(...m.cpuRates)}-${Math.max(...m.cpuRates)}x` : "");
  const line = (m) => `${m.medianMs} ms (${m.runsMs.join(", ")}; presented ${m.paintedMedianMs} ms: ${m.paintedRunsMs.join(", ")}; handlers waited ${m.waitedMedianMs} ms${rates(m)})`;
  try {
    for (const [pageName, pagePath] of Object.entries(pages)) {
      if (floors) {
        floors[pageName] = await measure(`${floor}/tap`, FLOOR_BUTTON, "settled");
        log(`first tap floor before ${pageName} (${FLOOR}): settled ${line(floors[pageName])}`);
      }
      results[pageName] = {};
      for (const button of buttonsOf(pageName)) {
        const entry = {};
        for (const mode of ["early", "settled"]) entry[mode] = await measure(base + pagePath, button, mode);
        log(`first tap ${pageName} ${button.name}: early ${line(entry.early)}, settled ${line(entry.settled)}`);
        results[pageName][button.name] = entry;
      }
    }
  } finally {
    await browser.close();
  }
  return { pages: results, floor: floors };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = (process.argv[2] ?? "http://127.0.0.1:3901").replace(/\/$/, "");
  const html = await (await fetch(`${base}/`)).text();
  const productSlug = html.match(/href="\/product\/([a-z0-9-]+)"/)?.[1] ?? "glacier-classic-bottle";
  let pages = { home: "/", product: `/product/${productSlug}`, collection: "/collections/matte" };
  if (process.env.FIRST_TAP_ONLY) pages = Object.fromEntries(Object.entries(pages).filter(([k]) => process.env.FIRST_TAP_ONLY.split(",").includes(k)));
  const floor = process.env.FIRST_TAP_FLOOR ? process.env.FIRST_TAP_FLOOR.replace(/\/$/, "") : null;
  const results = await measureFirstTap(base, pages, { runs: Number(process.env.FIRST_TAP_RUNS ?? 5), log: (...a) => console.error("first tap:", ...a), floor });
  console.log(JSON.stringify(results, null, 2));
}

import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { CART_COOKIE, EMPTY_CART_COOKIE } from "./cart/cart-cookie";
import { answerEarlyTaps } from "./early-taps";

/** Just enough of an element for the script's hold rule: `closest` by the selectors it uses. */
function fakeElement(matches: (selector: string) => boolean, disabled = false) {
  const el = { disabled, closest: (selector: string) => (matches(selector) ? el : null) };
  return el;
}

/** Runs the script as the page does (its source, in a sandbox standing for the window). */
function runScript() {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  class FakeElementClass {}
  const sandbox = {
    addEventListener: (name: string, fn: (event: unknown) => void) => listeners.set(name, [...(listeners.get(name) ?? []), fn]),
    removeEventListener: (name: string, fn: (event: unknown) => void) => listeners.set(name, (listeners.get(name) ?? []).filter((f) => f !== fn)),
    document: { currentScript: null, querySelectorAll: () => [], querySelector: () => null },
    Element: FakeElementClass,
    HTMLInputElement: class {},
  };
  vm.runInNewContext(`(${answerEarlyTaps.toString()})("hydrating", "hydrated", "__earlyCart", ${JSON.stringify(CART_COOKIE)}, ${JSON.stringify(EMPTY_CART_COOKIE)})`, sandbox);
  const fire = (type: string, target?: object) => {
    let stopped = false;
    const event = { type, target: target ? Object.setPrototypeOf(target, FakeElementClass.prototype) : null, stopPropagation: () => (stopped = true), stopImmediatePropagation: () => (stopped = true), preventDefault() {} };
    for (const fn of [...(listeners.get(type) ?? [])]) fn(event);
    return stopped;
  };
  return { fire };
}

const onEarlyButton = () => fakeElement((s) => s.startsWith("button[data-early-tap]"));
const inOption = () => fakeElement((s) => s === "fieldset[data-early-option]");
const elsewhere = () => fakeElement(() => false);

describe("the early-tap script while React hydrates", () => {
  it("keeps a tap's presses on its buttons and options from React only between the start of hydration and hand-over", () => {
    const page = runScript();
    // Before React listens there is nothing to keep it from.
    expect(page.fire("pointerdown", onEarlyButton())).toBe(false);
    page.fire("hydrating");
    for (const type of ["pointerdown", "pointerup", "mousedown", "mouseup", "touchstart", "touchend"]) {
      expect(page.fire(type, onEarlyButton())).toBe(true);
      expect(page.fire(type, inOption())).toBe(true);
      expect(page.fire(type, elsewhere())).toBe(false);
    }
    // A disabled button is React's.
    expect(page.fire("pointerdown", fakeElement((s) => s.startsWith("button[data-early-tap]"), true))).toBe(false);
    // A swatch's click and its radio's input are kept (the browser still checks the radio).
    expect(page.fire("input", inOption())).toBe(true);
    page.fire("hydrated");
    expect(page.fire("pointerdown", onEarlyButton())).toBe(false);
    expect(page.fire("input", inOption())).toBe(false);
  });
});

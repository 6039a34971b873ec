// The storefront's common first taps, answered before React listens. The page's code arrives and
// runs a second or two after the page is on screen on a slow phone (it waits for the page's load,
// decision 0004); a tap in that window used to wait for it. A small script in the document (no
// framework, a few KB) answers these taps itself, in the frame after the tap, until the page has
// hydrated, then hands the state it made over to React and steps aside.
//
// The markup says what each button is (the attributes below, set by the components); the script
// reads nothing else, so a button without them is simply left to React (and its click kept and
// replayed by the loader, as before).

/** On a button: what an early tap on it does. */
export const EARLY_TAP = "data-early-tap";
/** On an "add" button: the cart line it adds, as JSON (the same fields React's card adds). */
export const EARLY_LINE = "data-early-line";
/** On the product page's "add-product" button: the variants a shopper can buy, as JSON. */
export const EARLY_VARIANTS = "data-early-variants";
/** On the menu button: the menu's top level, as JSON. */
export const EARLY_MENU = "data-early-menu";
/** On a product option's fieldset: the option's name (its checked radio is the choice). */
export const EARLY_OPTION = "data-early-option";

export type EarlyTapKind = "cart" | "menu" | "chat" | "add" | "add-product" | "step-up" | "step-down";
export type EarlyLine = { productId: string; variantId: string; title: string; variantTitle: string; price: number; image: string; sku: string; slug: string };
export type EarlyVariant = { options: Record<string, string>; stock: number; line: EarlyLine };
export type EarlyMenuItem = { label: string; url?: string; links?: { label: string; url: string }[] };

/** The attributes of a button an early tap answers. */
export function earlyTap(kind: EarlyTapKind, data?: { line?: EarlyLine; variants?: EarlyVariant[]; menu?: EarlyMenuItem[] }): Record<string, string> {
  const attrs: Record<string, string> = { [EARLY_TAP]: kind };
  if (data?.line) attrs[EARLY_LINE] = JSON.stringify(data.line);
  if (data?.variants) attrs[EARLY_VARIANTS] = JSON.stringify(data.variants);
  if (data?.menu) attrs[EARLY_MENU] = JSON.stringify(data.menu);
  return attrs;
}

/** A product card's Add to Cart: the line it adds (none for a card without a price to trust). */
export function earlyCardTap(card: { id: string; variantId: string | null; name: string; variantTitle: string; pricePaise: number; cartImage: string; sku: string | null; slug: string }) {
  if (!card.variantId || !(card.pricePaise > 0)) return {};
  return earlyTap("add", {
    line: { productId: card.id, variantId: card.variantId, title: card.name, variantTitle: card.variantTitle, price: card.pricePaise, image: card.cartImage, sku: card.sku ?? "", slug: card.slug },
  });
}

/**
 * Runs in the browser from the document's head, sent as its source (browserScriptSource): it must
 * use only its arguments. Listens on `window` in the capture phase, so it hears a tap before
 * React's listeners on the document; a tap it answers goes no further (React must not answer it a
 * second time).
 *
 * - cart icon, Add to Cart: the line goes into the same localStorage cart React reads ("cart", the
 *   same rules: one line per variant and engraving), and a cart panel opens at once;
 * - menu, chat: their panel opens at once, with what the page already holds;
 * - quantity steppers and option swatches: the value changes on screen.
 * Once React has hydrated (`hydratedEvent`), each change is handed over: a panel still open is
 * opened by React (the panel stays until React's own is on screen), a stepper or choice is put
 * back and its click replayed so React's state holds it. The cart needs nothing: React reads the
 * stored cart as it hydrates, after every line written here.
 *
 * While React hydrates (from `hydratingEvent` to `hydratedEvent`) it already listens on the
 * document, and a touch, pointer or mouse press, a click, an input or a change reaching a part of
 * the page it has not hydrated yet makes it hydrate the whole page at once, inside that event's
 * dispatch: on a slowed phone 0.3 s or more between the tap and its answer (trace of 2026-11-27).
 * So the events of a tap this script answers (on its buttons and the product options) stop at
 * `window` during that time; React hydrates at its own pace, in small slices, and takes over at
 * hand-over as before.
 */
export function answerEarlyTaps(hydratingEvent: string, hydratedEvent: string, cartMark: string, cartCookie: string, emptyCartCookie: string) {
  // The script element leaves the head as soon as it has run (its listeners stay): React hydrates
  // the head it rendered, and an extra element there left an old copy of the page's structured
  // data behind when React next updated the head.
  document.currentScript?.remove();
  const ATTR = "data-early-tap";
  const SHELL = "data-early-shell";
  const doc = document;
  let openShell: { kind: string; el: HTMLElement; trigger: HTMLElement | null } | null = null;
  /** Each stepper's number input the script changed, and its value before. */
  const steppers = new Map<HTMLInputElement, string>();
  const choices = new Map<HTMLFieldSetElement, HTMLInputElement | null>();
  let reactListening = false;

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
    const node = doc.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const parse = <T,>(raw: string | null): T | null => {
    try {
      return raw ? (JSON.parse(raw) as T) : null;
    } catch {
      return null;
    }
  };
  type Line = { id: string; variantId: string; title: string; variantTitle?: string; quantity: number; engraving?: string; price: number };
  /** Whether the cart cookie lists lines (or more than it could hold): React's rule for a stored cart. */
  const cookieListsLines = () => {
    for (const part of doc.cookie.split(";")) {
      const at = part.indexOf("=");
      if (at > 0 && part.slice(0, at).trim() === cartCookie) {
        const value = part.slice(at + 1).trim();
        return value !== "" && value !== emptyCartCookie;
      }
    }
    return false;
  };
  // A stored cart is the shopper's while its cookie lists lines (the cookie lasts 30 days from the
  // cart's last change) or while it holds a line this page's early tap stored. React keeps to that
  // rule; without it here, an early tap after the cookie had expired brought the old lines back
  // beside the new one. The cookie is read only when storage holds lines, so a first visit's tap
  // does not pay for it.
  const readCart = (): Line[] => {
    try {
      const lines = parse<Line[]>(localStorage.getItem("cart"));
      if (!Array.isArray(lines) || lines.length === 0) return [];
      return (globalThis as unknown as Record<string, unknown>)[cartMark] || cookieListsLines() ? lines : [];
    } catch {
      return [];
    }
  };
  // What the cart cookie says, asked ahead where the browser has the Cookie Store API: its answer
  // comes without blocking the page, and again whenever the cookie changes. The cart icon's panel
  // then opens on a first visit with no synchronous read at all; a page's first read of storage
  // waits for the browser to open the site's storage, and its first read of document.cookie for
  // the cookie jar (3-34 ms and 3-20 ms of a blocked main thread at full speed on a slow 2-core
  // machine). Add to Cart keeps the synchronous reads: it writes the cart, and must not drop lines
  // another tab stored since the answer came. The asking stops at hand-over, where React, which
  // writes the cookie at every change of the cart, answers the taps.
  let cookieSaysLines: boolean | null = null;
  type CookieStoreLike = { get(name: string): Promise<{ value?: string } | null>; addEventListener?(type: "change", listener: () => void): void; removeEventListener?(type: "change", listener: () => void): void };
  const cookieStore = (globalThis as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
  const askCookie = () =>
    cookieStore?.get(cartCookie).then(
      (cookie) => {
        cookieSaysLines = !!cookie?.value && cookie.value !== emptyCartCookie;
      },
      () => {
        cookieSaysLines = null;
      },
    );
  void askCookie();
  cookieStore?.addEventListener?.("change", askCookie);
  /** The cart to show: surely empty when neither this page's tap nor the cookie says otherwise. */
  const cartToShow = (): Line[] => (cookieSaysLines === false && !(globalThis as unknown as Record<string, unknown>)[cartMark] ? [] : readCart());
  const count = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

  function closeShell(returnFocus: boolean) {
    if (!openShell) return;
    const { el: shell, trigger } = openShell;
    openShell = null;
    shell.remove();
    if (returnFocus) trigger?.focus();
  }

  /** A panel in the look of React's own (right or left sheet, or the chat's card). */
  function openPanel(kind: string, label: string, side: "left" | "right" | "chat", trigger: HTMLElement | null, fill: (body: HTMLElement) => void) {
    closeShell(false);
    const root = el("div", "");
    root.setAttribute(SHELL, kind);
    const chat = side === "chat";
    if (!chat) {
      const overlay = el("div", "fixed inset-0 z-50 bg-slate-950/50");
      overlay.addEventListener("click", () => closeShell(true));
      root.append(overlay);
    }
    const panel = el(
      "section",
      chat
        ? "fixed bottom-20 left-4 z-50 flex h-[600px] max-h-[calc(100dvh-6rem)] w-[380px] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white text-slate-900 shadow-2xl max-[480px]:inset-0 max-[480px]:h-full max-[480px]:max-h-none max-[480px]:w-full max-[480px]:rounded-none"
        : `fixed inset-y-0 z-50 flex w-full flex-col bg-white shadow-xl outline-none ${side === "right" ? "right-0 max-w-md" : "left-0 max-w-xs"}`,
    );
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-modal", chat ? "false" : "true");
    panel.setAttribute("aria-label", label);
    panel.addEventListener("keydown", (e) => {
      if (e.key === "Escape") closeShell(true);
    });
    fill(panel);
    const close = el("button", chat ? "absolute top-3 right-3 rounded-full p-2 text-white" : "absolute top-4 right-4 rounded-full p-2 text-slate-700");
    // The cross is drawn, as React's panels draw theirs. A "✕" character is in a symbol block that
    // phones' text fonts often leave out; where the page's font lacks it, the first panel's layout
    // looks for a fallback font inside the tap being answered.
    const svg = doc.createElementNS("http://www.w3.org/2000/svg", "svg");
    for (const [name, value] of Object.entries({ width: "20", height: "20", viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round", "aria-hidden": "true", focusable: "false" })) svg.setAttribute(name, value);
    const cross = doc.createElementNS("http://www.w3.org/2000/svg", "path");
    cross.setAttribute("d", "M18 6 6 18M6 6l12 12");
    svg.append(cross);
    close.append(svg);
    close.setAttribute("type", "button");
    close.setAttribute("aria-label", `Close ${label.toLowerCase() === "glacial support" ? "support chat" : label.toLowerCase()}`);
    close.addEventListener("click", () => closeShell(true));
    panel.append(close);
    root.append(panel);
    doc.body.append(root);
    const shell = { kind, el: root, trigger };
    openShell = shell;
    // Focus needs the page's style and layout up to date: asked for here it would compute them
    // once now and again for the frame. In the frame's own callback they are computed once.
    requestAnimationFrame(() => {
      if (openShell === shell) close.focus();
    });
  }

  function showCart(trigger: HTMLElement | null, lines: Line[] = cartToShow()) {
    openPanel("cart", "Your Cart", "right", trigger, (panel) => {
      const head = el("div", "border-b border-slate-200 px-6 py-5 pr-14");
      head.append(el("h2", "text-xl font-bold", "Your Cart"), el("p", "text-sm text-slate-600", count(lines.reduce((n, l) => n + (Number(l.quantity) || 0), 0))));
      const list = el("ul", "flex-1 space-y-3 overflow-y-auto px-6 py-4");
      for (const line of lines) {
        const item = el("li", "flex justify-between gap-4 text-slate-900");
        item.append(el("span", "font-medium", `${line.title}${line.variantTitle && line.variantTitle !== "Default" ? ` (${line.variantTitle})` : ""}`), el("span", "", `× ${line.quantity}`));
        list.append(item);
      }
      if (lines.length === 0) list.append(el("li", "py-16 text-center text-lg font-semibold", "Your cart is empty"));
      const foot = el("div", "space-y-3 border-t border-slate-200 px-6 py-5");
      const status = el("p", "text-sm text-slate-600", "Loading prices…");
      status.setAttribute("role", "status");
      const link = el("a", "block rounded-full border border-brand px-6 py-3 text-center font-semibold text-brand", "View and Edit Cart");
      link.setAttribute("href", "/cart");
      foot.append(status, link);
      panel.append(head, list, foot);
    });
  }

  /** The cart with the line added, as stored; null when storage refused it. */
  function addLine(line: Omit<Line, "id" | "quantity">, quantity: number): Line[] | null {
    const cart = readCart();
    const engraving = line.engraving?.trim() || undefined;
    const same = cart.find((l) => l.variantId === line.variantId && (l.engraving?.trim() || "") === (engraving ?? ""));
    if (same) same.quantity += quantity;
    else cart.push({ ...line, engraving, quantity, id: crypto.randomUUID() });
    try {
      localStorage.setItem("cart", JSON.stringify(cart));
      // The cart cookie is React's to write: this mark tells it the stored cart has a line the
      // cookie does not show yet.
      (globalThis as unknown as Record<string, unknown>)[cartMark] = true;
      return cart;
    } catch {
      // Storage blocked: React answers the tap once it listens.
      return null;
    }
  }

  /** The product page's chosen variant, from its checked options, and the line it makes. */
  function productLine(button: HTMLElement) {
    const variants = parse<{ options: Record<string, string>; stock: number; line: Omit<Line, "id" | "quantity"> }[]>(button.getAttribute("data-early-variants"));
    if (!variants) return null;
    const chosen: Record<string, string> = {};
    for (const fieldset of doc.querySelectorAll<HTMLFieldSetElement>("fieldset[data-early-option]")) {
      const checked = fieldset.querySelector<HTMLInputElement>("input[type=radio]:checked");
      if (checked) chosen[fieldset.getAttribute("data-early-option") ?? ""] = checked.value;
    }
    const variant = variants.find((v) => Object.entries(v.options).every(([name, value]) => chosen[name] === value));
    if (!variant || variant.stock <= 0) return null;
    const scope = button.closest("section") ?? doc;
    const quantityInput = scope.querySelector<HTMLInputElement>('input[type="number"]');
    const wanted = Math.floor(Number(quantityInput?.value ?? 1));
    // The stepper's own max is the line's bound (stock, and what one order line may hold).
    const cap = Math.max(1, Math.min(Number(quantityInput?.max) || variant.stock, variant.stock));
    const quantity = Math.min(cap, Math.max(1, Number.isFinite(wanted) ? wanted : 1));
    const text = scope.querySelector<HTMLInputElement>('input[type="text"]');
    const engraving = text?.value.trim().slice(0, text.maxLength > 0 ? text.maxLength : undefined) || undefined;
    return { line: { ...variant.line, engraving }, quantity };
  }

  function step(button: HTMLElement, by: number) {
    const input = button.parentElement?.querySelector<HTMLInputElement>('input[type="number"]');
    if (!input) return false;
    const min = Number(input.min || 1);
    const max = Number(input.max || 99);
    const next = Math.min(max, Math.max(min, Math.floor(Number(input.value) || min) + by));
    if (!steppers.has(input)) steppers.set(input, input.value);
    input.value = String(next);
    return true;
  }

  function onClick(event: MouseEvent) {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLElement>(`button[${ATTR}]`);
    if (!button || (button as HTMLButtonElement).disabled || target?.closest(`[${SHELL}]`)) return;
    const kind = button.getAttribute(ATTR);
    let answered = false;
    if (kind === "cart") {
      showCart(button);
      answered = true;
    } else if (kind === "add" || kind === "add-product") {
      const wanted = kind === "add" ? { line: parse<Omit<Line, "id" | "quantity">>(button.getAttribute("data-early-line")), quantity: 1 } : productLine(button);
      // The panel shows the cart just stored, not a second read of it.
      const cart = wanted?.line && wanted.line.price > 0 ? addLine(wanted.line, wanted.quantity) : null;
      if (cart) {
        showCart(doc.querySelector<HTMLElement>(`button[${ATTR}="cart"]`), cart);
        answered = true;
      }
    } else if (kind === "menu") {
      const items = parse<{ label: string; url?: string; links?: { label: string; url: string }[] }[]>(button.getAttribute("data-early-menu")) ?? [];
      openPanel("menu", "Menu", "left", button, (panel) => {
        panel.classList.add("p-6");
        panel.append(el("p", "text-xl font-black tracking-[0.2em] text-brand", "GLACIAL"));
        const nav = el("nav", "mt-6 overflow-y-auto");
        nav.setAttribute("aria-label", "Mobile");
        const list = el("ul", "");
        const link = (label: string, url: string, className: string) => {
          const a = el("a", className, label);
          a.setAttribute("href", url);
          const li = el("li", "");
          li.append(a);
          return li;
        };
        for (const item of items) {
          if (item.url) list.append(link(item.label, item.url, "block border-b border-slate-200 py-3 font-medium text-slate-900"));
          else list.append(el("li", "border-b border-slate-200 py-3 font-medium text-slate-900", item.label));
          for (const sub of item.links ?? []) list.append(link(sub.label, sub.url, "block py-2 pl-4 text-slate-800"));
        }
        list.append(link("Account", "/login", "mt-4 block py-3 font-medium text-slate-900"));
        nav.append(list);
        panel.append(nav);
      });
      answered = true;
    } else if (kind === "chat") {
      openPanel("chat", "GLACIAL Support", "chat", button, (panel) => {
        const head = el("header", "bg-brand px-4 py-3 pr-12 text-white");
        head.append(el("h2", "text-base font-semibold", "GLACIAL Support"), el("p", "text-xs text-slate-200", "We reply 24 hours a day, 7 days a week"));
        const body = el("p", "flex-1 px-4 py-6 text-slate-700", "Opening the chat…");
        body.setAttribute("role", "status");
        panel.append(head, body);
      });
      button.setAttribute("aria-expanded", "true");
      answered = true;
    } else if (kind === "step-up" || kind === "step-down") {
      answered = step(button, kind === "step-up" ? 1 : -1);
    }
    if (!answered) return;
    event.stopImmediatePropagation();
    event.preventDefault();
  }

  // A swatch is a label around a radio: the browser checks it without any script. The choice's
  // name beside the option's title follows, and React is told at hand-over.
  function onChange(event: Event) {
    const input = event.target instanceof HTMLInputElement && event.target.type === "radio" ? event.target : null;
    const fieldset = input?.closest<HTMLFieldSetElement>("fieldset[data-early-option]");
    const shown = fieldset?.querySelector("legend span");
    if (!input || !fieldset || !shown) return;
    if (!choices.has(fieldset)) choices.set(fieldset, [...fieldset.querySelectorAll<HTMLInputElement>("input[type=radio]")].find((r) => r.defaultChecked) ?? null);
    shown.textContent = input.value;
    event.stopImmediatePropagation();
  }

  // The events React hydrates the whole page for (React DOM's "discrete" events) that a tap or a
  // choice here produces. Stopped, not cancelled: the click still follows the touch and the label
  // still checks its radio. A click on a button this script did not answer goes on to React.
  const HELD = ["pointerdown", "pointerup", "pointercancel", "mousedown", "mouseup", "touchstart", "touchend", "touchcancel", "click", "input", "auxclick", "dblclick"];
  function holdFromReact(event: Event) {
    if (!reactListening) return;
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest(`[${SHELL}]`)) return;
    const button = target.closest<HTMLButtonElement>(`button[${ATTR}]`);
    const inOption = !!target.closest("fieldset[data-early-option]");
    if (event.type === "click" ? inOption : inOption || (button && !button.disabled)) event.stopPropagation();
  }
  function onHydrating() {
    reactListening = true;
  }

  function handOver() {
    reactListening = false;
    removeEventListener(hydratingEvent, onHydrating);
    for (const type of HELD) removeEventListener(type, holdFromReact, true);
    removeEventListener("click", onClick, true);
    removeEventListener("change", onChange, true);
    cookieStore?.removeEventListener?.("change", askCookie);
    // The choice's name stays as shown: React writes the same once its state holds the choice
    // (and had it already, if React heard the tap itself while hydrating).
    for (const [fieldset, original] of choices) {
      const chosen = fieldset.querySelector<HTMLInputElement>("input[type=radio]:checked");
      if (!chosen || chosen === original || !original) continue;
      // Both set through their properties, so React's record of each radio matches the screen
      // and the replayed click reads as a change.
      chosen.checked = false;
      original.checked = true;
      chosen.click();
    }
    // A stepper's new value is handed over as one typed change: React's record of the input is
    // set back to the old value (through its property), the new one written past that record,
    // and the input event makes React's onChange read it. (Replaying each click would not do:
    // all the replays run before React renders again, so each would add one to the same value.)
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    for (const [input, original] of steppers) {
      const wanted = input.value;
      if (wanted === original || !setValue) continue;
      input.value = original;
      setValue.call(input, wanted);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    const shell = openShell;
    if (!shell) return;
    const real = (): boolean => {
      const dialogs = [...doc.querySelectorAll('[role="dialog"]')].filter((d) => !d.closest(`[${SHELL}]`));
      if (shell.kind === "menu") return dialogs.some((d) => d.querySelector('nav[aria-label="Mobile"]'));
      return dialogs.some((d) => (d.textContent ?? "").includes(shell.kind === "chat" ? "GLACIAL Support" : "Your Cart"));
    };
    const trigger = doc.querySelector<HTMLElement>(`button[${ATTR}="${shell.kind}"]`);
    if (shell.kind === "chat") trigger?.setAttribute("aria-expanded", "false");
    trigger?.click();
    // The panel stays until React's own is on screen (its code may still be on its way).
    const started = performance.now();
    const wait = () => {
      if (openShell !== shell) return;
      if (real() || performance.now() - started > 10_000) closeShell(false);
      else requestAnimationFrame(wait);
    };
    requestAnimationFrame(wait);
  }

  addEventListener("click", onClick, true);
  addEventListener("change", onChange, true);
  // Passive: holding an event back from React must not make the browser wait for this script
  // before it scrolls.
  for (const type of HELD) addEventListener(type, holdFromReact, { capture: true, passive: true });
  addEventListener(hydratingEvent, onHydrating, { once: true });
  addEventListener(hydratedEvent, handOver, { once: true });
}

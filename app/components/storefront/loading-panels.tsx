import { useEffect, useRef } from "react";
import type { MenuItem } from "~/modules/content/content";

// What the cart, the menu and the chat show in the frame after their button is tapped, while the
// code of the real panel (Radix Dialog, the cart lines, the chat) is still arriving: the panel's
// frame, title and what the page already knows, marked busy. The same look as the panels the
// early-tap script opens before hydration (lib/early-taps.ts), and as the real ones.

// Escape and a click beside the panel close it as they close the real one (a shopper who presses
// Escape at once must not find the real panel open a moment later); focus goes into it.
function Sheet({ label, side, onClose, children }: { label: string; side: "left" | "right"; onClose: () => void; children: React.ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    // In the frame's own callback: focus needs style and layout up to date, and asked for in the
    // commit it would compute them once there and again for the frame (on a long page, tens of
    // milliseconds each on a slow phone).
    const frame = requestAnimationFrame(() => ref.current?.focus());
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <div>
      <div className="fixed inset-0 z-50 bg-slate-950/50" onClick={onClose} />
      <section
        ref={ref}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        aria-busy="true"
        className={`fixed inset-y-0 z-50 flex w-full flex-col bg-white shadow-xl outline-none ${side === "right" ? "right-0 max-w-md" : "left-0 max-w-xs p-6"}`}
      >
        {children}
      </section>
    </div>
  );
}

export function CartPanelLoading({ count, onClose }: { count: number; onClose: () => void }) {
  return (
    <Sheet label="Your Cart" side="right" onClose={onClose}>
      <div className="border-b border-slate-200 px-6 py-5 pr-14">
        <h2 className="text-xl font-bold">Your Cart</h2>
        <p className="text-sm text-slate-600">{`${count} ${count === 1 ? "item" : "items"}`}</p>
      </div>
      <p role="status" className="flex-1 px-6 py-4 text-sm text-slate-600">
        Loading your cart…
      </p>
    </Sheet>
  );
}

export function MenuPanelLoading({ items, onClose }: { items: MenuItem[]; onClose: () => void }) {
  return (
    <Sheet label="Menu" side="left" onClose={onClose}>
      <p className="text-xl font-black tracking-[0.2em] text-brand">GLACIAL</p>
      <nav aria-label="Mobile" className="mt-6 overflow-y-auto">
        <ul>
          {items.map((item) => (
            <li key={item.id} className="border-b border-slate-200 py-3 font-medium text-slate-900">
              {item.url ? <a href={item.url}>{item.label}</a> : item.label}
            </li>
          ))}
        </ul>
      </nav>
    </Sheet>
  );
}

export function ChatPanelLoading() {
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-label="GLACIAL Support"
      aria-busy="true"
      className="fixed bottom-20 left-4 z-50 flex h-[600px] max-h-[calc(100dvh-6rem)] w-[380px] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white text-slate-900 shadow-2xl max-[480px]:inset-0 max-[480px]:h-full max-[480px]:max-h-none max-[480px]:w-full max-[480px]:rounded-none"
    >
      <header className="bg-brand px-4 py-3 text-white">
        <h2 className="text-base font-semibold">GLACIAL Support</h2>
        <p className="text-xs text-slate-200">We reply 24 hours a day, 7 days a week</p>
      </header>
      <p role="status" className="flex-1 px-4 py-6 text-slate-700">
        Opening the chat…
      </p>
    </section>
  );
}

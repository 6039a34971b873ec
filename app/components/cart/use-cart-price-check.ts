import { useEffect, useRef, useState } from "react";
import type { CartItem } from "~/lib/cart/cart";
import { reconcileCart, type CartNotice, type VerifiedVariant } from "~/lib/cart/reconcile";
import { useCart } from "./cart-context";

/**
 * Re-checks the cart's prices against the catalog whenever `active` turns true (drawer opened,
 * cart page shown): changed prices are corrected and unavailable lines removed, each with a notice.
 * `gstRates` are the rates the remaining lines' prices include, known once the check has answered.
 */
export function useCartPriceCheck(active: boolean): { notices: CartNotice[]; checking: boolean; failed: boolean; gstRates: number[] } {
  const { items, hydrated, replaceItems } = useCart();
  const [notices, setNotices] = useState<CartNotice[]>([]);
  const [rateOf, setRateOf] = useState<ReadonlyMap<string, number>>(new Map());
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef<CartItem[]>(items);
  latest.current = items;
  const hasItems = items.length > 0;

  useEffect(() => {
    if (!active || !hydrated || !hasItems) return;
    const controller = new AbortController();
    setChecking(true);
    setFailed(false);
    fetch("/api/cart/verify", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ variantIds: latest.current.map((l) => l.variantId) }),
      signal: controller.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`verify answered ${res.status}`);
        const body = (await res.json()) as { variants: VerifiedVariant[] };
        const out = reconcileCart(latest.current, body.variants);
        if (out.notices.length) replaceItems(out.items);
        setNotices(out.notices);
        setRateOf(new Map(body.variants.flatMap((v) => (v.gstRatePercent === undefined ? [] : [[v.variantId, v.gstRatePercent] as const]))));
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== "AbortError") setFailed(true);
      })
      .finally(() => setChecking(false));
    return () => controller.abort();
    // Re-check on opening, not on every quantity change.
  }, [active, hydrated, hasItems]);

  // From the lines in the cart now, so a line taken out afterwards takes its rate with it.
  const gstRates = items.flatMap((l) => {
    const rate = rateOf.get(l.variantId);
    return rate === undefined ? [] : [rate];
  });
  return { notices, checking, failed, gstRates };
}

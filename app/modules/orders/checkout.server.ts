import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/types";
import { MAX_LINE_QUANTITY } from "~/lib/cart/cart";
import { formatPaise } from "~/lib/money";
import type { RefusalKind } from "~/lib/save-outcome";
import { TOPICS } from "~/modules/events/events";
import { collectionIdsOfProducts, sellableVariants, takeStock, type SellableVariant } from "~/modules/catalog/catalog.server";
import { checkLimit, recordHit } from "~/modules/rate-limit/rate-limit.server";
import { normaliseIndianMobile } from "~/lib/india";
import { getSetting, type SettingValue } from "~/modules/settings/settings.server";
import { checkDiscount, discountOnLines, normaliseCode, refusalMessage, savingOf, typedCodeWins, type AppliedDiscount, type DiscountLine, type DiscountRule } from "~/modules/discounts/discounts";
import { automaticDiscounts, DiscountUsedUp, lockAutomaticDiscount, lookUpCode, recordRedemption, type CodeLookup } from "~/modules/discounts/discounts.server";
import { billingAddressOf, checkoutSchema, shippingAddressOf, type CheckoutForm, type PaymentMethod } from "./checkout-form";
import { ORDER_JOBS, type OrderDeps } from "./order-deps.server";
import { ensureRazorpayOrder } from "./payments.server";
import { priceOrder, shippingFor } from "./pricing";
import type { PaymentOption, Quote, QuoteLine } from "./quote";
import { orderEvents, orderLines, orderNumberSeq, orders } from "./schema";
import { sendOrderConfirmation } from "./order-notices.server";
import { accessTokenFor, orderForShopper, sha256, type ShopperOrderView } from "./shopper-order.server";

export type { PaymentOption, Quote, QuoteLine, ShopperOrderView };
export { orderForShopper };

// Checkout's face: price a cart from the database (never the browser's prices), and place an
// order in one transaction that takes the stock, freezes what was sold and numbers it.

export type CheckoutDeps = OrderDeps;

export type CartLineInput = { variantId: string; quantity: number; engraving?: string };

export const MAX_ORDER_LINES = 100;

/** Duplicate lines joined, quantities bounded, at most MAX_ORDER_LINES. */
export function normaliseCart(lines: readonly CartLineInput[]): CartLineInput[] {
  const merged = new Map<string, CartLineInput>();
  for (const line of lines.slice(0, MAX_ORDER_LINES)) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) continue;
    const engraving = line.engraving?.trim() || undefined;
    const key = `${line.variantId}\u0000${engraving ?? ""}`;
    const existing = merged.get(key);
    merged.set(key, { variantId: line.variantId, engraving, quantity: (existing?.quantity ?? 0) + line.quantity });
  }
  return [...merged.values()];
}

/** What a checkout key is bound to: the same key with a different cart is refused. */
function cartDigest(lines: readonly CartLineInput[]): string {
  return sha256(JSON.stringify(lines.map((l) => [l.variantId, l.quantity, l.engraving ?? ""]).sort()));
}

type Settings = { shipping: SettingValue<"shipping">; cod: SettingValue<"cod">; tax: SettingValue<"store_tax">; gst: SettingValue<"gst_settings"> };

/** One after another: inside a transaction every query shares one connection, which runs them in turn anyway. */
async function checkoutSettings(db: Db | Tx): Promise<Settings> {
  const shipping = await getSetting(db, "shipping");
  const cod = await getSetting(db, "cod");
  const tax = await getSetting(db, "store_tax");
  const gst = await getSetting(db, "gst_settings");
  return { shipping, cod, tax, gst };
}

/**
 * The discounts in play, as read from the database: the code the shopper typed (if any), the live
 * automatic discounts, the collections of the cart's products (for targeted discounts), and when.
 */
type DiscountsInPlay = { code: string | null; lookup: CodeLookup | null; automatics: CodeLookup[]; collections: Map<string, string[]>; now: Date };

async function discountsInPlay(db: Db | Tx, code: string | null, email: string | null, variants: SellableVariant[], opts: { lock?: boolean } = {}): Promise<DiscountsInPlay> {
  const now = new Date();
  // The typed code's lock first (see placeOrder), then the reads that take none.
  const lookup = code ? await lookUpCode(db, code, email, opts) : null;
  const automatics = await automaticDiscounts(db, email, now);
  const productIds = [...new Set(variants.map((v) => v.productId))];
  const collections = lookup?.rule || automatics.length ? await collectionIdsOfProducts(db, productIds) : new Map<string, string[]>();
  return { code, lookup, automatics, collections, now };
}

/** The quote, and which discount (with its lookup) it applies: the one whose use placing the order counts. */
type Built = { quote: Quote; chosen: CodeLookup | null };

function buildQuote(cart: CartLineInput[], variants: SellableVariant[], settings: Settings, placeOfSupplyStateCode: string, onlinePayment: PaymentOption, inPlay?: DiscountsInPlay): Built {
  const byId = new Map(variants.map((v) => [v.variantId, v]));
  const wanted = new Map<string, number>();
  for (const line of cart) wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
  const lines: QuoteLine[] = cart.map((line) => {
    const v = byId.get(line.variantId);
    // A product without a rate of its own is taxed at the shop's default.
    const gstRatePercent = v?.gstRatePercent ?? settings.gst.percentage;
    if (!v || !v.available) {
      return { variantId: line.variantId, productId: v?.productId ?? null, slug: v?.slug ?? null, title: v?.title ?? "Unavailable item", variantTitle: v?.variantTitle ?? "", sku: v?.sku ?? "", engraving: line.engraving, quantity: line.quantity, unitPricePaise: 0, totalPaise: 0, gstRatePercent, problem: { kind: "unavailable" } };
    }
    const problem: QuoteLine["problem"] =
      line.quantity > MAX_LINE_QUANTITY ? { kind: "quantity", max: MAX_LINE_QUANTITY } : wanted.get(line.variantId)! > v.stock ? { kind: "stock", left: Math.max(0, v.stock) } : null;
    return {
      variantId: v.variantId,
      productId: v.productId,
      slug: v.slug,
      title: v.title,
      variantTitle: v.variantTitle,
      sku: v.sku,
      engraving: line.engraving,
      quantity: line.quantity,
      unitPricePaise: v.pricePaise,
      totalPaise: v.pricePaise * line.quantity,
      gstRatePercent,
      problem,
    };
  });
  const buyable = lines.filter((l) => l.problem === null);
  const subtotal = buyable.reduce((n, l) => n + l.totalPaise, 0);
  // A discount is judged on the goods before any discount (a targeted one on the lines it
  // reaches); free shipping is then judged on what the goods cost after it (the shopper pays
  // that), and a free-shipping discount drops the charge.
  const discountLines: DiscountLine[] = buyable.map((l) => ({ productId: l.productId, collectionIds: (l.productId && inPlay?.collections.get(l.productId)) || [], totalPaise: l.totalPaise }));
  const buyableIndex = lines.map((l) => (l.problem === null ? buyable.indexOf(l) : -1));
  const apply = (rule: DiscountRule): AppliedDiscount => {
    const { eligible, goodsPaise } = discountOnLines(rule, discountLines);
    const fee = buyable.length ? shippingFor(subtotal - goodsPaise, settings.shipping) : 0;
    return { code: rule.code, kind: rule.kind, goodsPaise, shippingWaivedPaise: rule.kind === "free_shipping" ? fee : 0, automatic: rule.automatic, eligible: buyableIndex.map((i) => i >= 0 && eligible[i]!) };
  };
  let discount: AppliedDiscount | null = null;
  let chosen: CodeLookup | null = null;
  let discountRefused: Quote["discountRefused"] = null;
  if (inPlay) {
    const cartFor = (l: CodeLookup) => ({ lines: discountLines, now: inPlay.now, customerUses: l.customerUses, codeSpent: l.bulkCode?.spent ?? false });
    // The automatic discount that saves most (the first made, on a tie); one that saves nothing is not shown.
    for (const auto of inPlay.automatics) {
      if (!checkDiscount(auto.rule, cartFor(auto)).ok) continue;
      const applied = apply(auto.rule!);
      if (savingOf(applied) > 0 && (!discount || savingOf(applied) > savingOf(discount))) [discount, chosen] = [applied, auto];
    }
    if (inPlay.code && inPlay.lookup) {
      const check = checkDiscount(inPlay.lookup.rule, cartFor(inPlay.lookup));
      const typed = check.ok ? apply(inPlay.lookup.rule!) : null;
      if (!check.ok) discountRefused = { code: normaliseCode(inPlay.code), reason: check.refusal.reason, message: refusalMessage(check.refusal) };
      else if (typedCodeWins(typed!, discount)) [discount, chosen] = [{ ...typed!, code: inPlay.lookup.bulkCode?.code ?? typed!.code }, inPlay.lookup];
      else discountRefused = { code: normaliseCode(inPlay.code), reason: "automatic-better", message: refusalMessage({ reason: "automatic-better", name: discount!.code }) };
    }
  }
  const shippingFee = buyable.length ? shippingFor(subtotal - (discount?.goodsPaise ?? 0), settings.shipping) : 0;
  const shippingPaise = shippingFee - (discount?.shippingWaivedPaise ?? 0);
  const totals = priceOrder(
    buyable.map((l) => ({ unitPricePaise: l.unitPricePaise, quantity: l.quantity, gstRatePercent: l.gstRatePercent })),
    { shippingPaise, codFeePaise: 0, discountPaise: discount?.goodsPaise ?? 0, discountEligible: discount ? buyableIndex.filter((i) => i >= 0).map((i) => discount.eligible[lines.indexOf(buyable[i]!)]!) : undefined },
    { supplierStateCode: settings.tax.state_code, placeOfSupplyStateCode },
  );
  const codTotal = totals.totalPaise + settings.cod.fee_paise;
  const cod: PaymentOption = !settings.cod.enabled
    ? { method: "cod", available: false, reason: "Cash on delivery is not offered at the moment.", feePaise: settings.cod.fee_paise }
    : codTotal > settings.cod.max_order_paise
      ? { method: "cod", available: false, reason: `Cash on delivery is available for orders up to ${formatPaise(settings.cod.max_order_paise)}.`, feePaise: settings.cod.fee_paise }
      : { method: "cod", available: true, feePaise: settings.cod.fee_paise };
  const digest = sha256(
    JSON.stringify([
      lines.map((l) => [l.variantId, l.engraving ?? "", l.quantity, l.unitPricePaise, l.problem?.kind ?? ""]),
      shippingPaise,
      settings.cod.fee_paise,
      discount ? [discount.code, discount.goodsPaise, discount.shippingWaivedPaise, discount.eligible] : null,
    ]),
  ).slice(0, 32);
  const quote: Quote = {
    lines,
    totals,
    codFeePaise: settings.cod.fee_paise,
    freeShippingOverPaise: settings.shipping.free_over_paise,
    gstRatePercent: buyable.length ? totals.shipping.gstRatePercent : settings.gst.percentage,
    gstRates: [...new Set(buyable.map((l) => l.gstRatePercent))].sort((a, b) => a - b),
    payment: [onlinePayment, cod],
    discount,
    discountRefused,
    digest,
    ready: lines.length > 0 && lines.every((l) => l.problem === null),
  };
  return { quote, chosen };
}

/** Online payment needs the Razorpay keys; without them the page says so and offers cash on delivery. */
function onlinePayment(enabled: boolean): PaymentOption {
  return enabled
    ? { method: "razorpay", available: true, feePaise: 0 }
    : { method: "razorpay", available: false, reason: "Online payment (UPI, cards, netbanking) is not switched on yet: please pay cash on delivery.", feePaise: 0 };
}

/** Whether this shop takes online payment (the three Razorpay keys are configured). */
export function onlinePaymentEnabled(config: { razorpay?: unknown }): boolean {
  return Boolean(config.razorpay);
}

/**
 * The cart priced from the database as it is now, with every problem named per line; with a
 * discount code, priced with it when it can be used (by `email`, when known), or with the reason
 * it cannot.
 */
export async function quoteCart(
  db: Db,
  cart: readonly CartLineInput[],
  opts: { placeOfSupplyStateCode?: string; onlinePayment?: boolean; discountCode?: string | null; email?: string | null } = {},
): Promise<Quote> {
  const lines = normaliseCart(cart);
  const code = opts.discountCode?.trim() || null;
  const [variants, settings] = await Promise.all([sellableVariants(db, lines.map((l) => l.variantId)), checkoutSettings(db)]);
  const inPlay = await discountsInPlay(db, code, opts.email?.trim() || null, variants);
  return buildQuote(lines, variants, settings, opts.placeOfSupplyStateCode ?? settings.tax.state_code, onlinePayment(opts.onlinePayment ?? false), inPlay).quote;
}

export type PlacedOrder = { id: string; number: string; accessToken: string; totalPaise: number; paymentMethod: PaymentMethod };

export type PlaceOrderResult =
  | { kind: "placed"; order: PlacedOrder; replayed: boolean }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "empty-cart" }
  /** The cart changed since the page was shown (price, stock, availability): show the new quote first. */
  | { kind: "quote-changed"; quote: Quote }
  | { kind: "out-of-stock"; message: string; quote: Quote }
  | { kind: "payment-unavailable"; message: string }
  /** The discount code cannot be used (any more): the quote is without it, and says why. */
  | { kind: "discount-refused"; message: string; quote: Quote }
  /** The same checkout key was used for a different cart. */
  | { kind: "key-reused" };

class OutOfStock extends Error {
  constructor(readonly title: string) {
    super(`Sorry, "${title}" has just sold out. Your order was not placed: please review your cart.`);
  }
}

function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Places an order from a checkout form and the cart's lines. Idempotent on the form's key: the
 * same key and cart, however often and however concurrently, make one order and the same answer.
 * One transaction re-prices from the database, takes the stock (a conditional decrement per line:
 * never oversold), and freezes lines, prices, tax and addresses with a new order number.
 */
export async function placeOrder(deps: CheckoutDeps, rawForm: unknown, rawCart: readonly CartLineInput[], ctx: { userId?: string | null } = {}): Promise<PlaceOrderResult> {
  const parsed = checkoutSchema.safeParse(rawForm);
  if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const form = parsed.data as CheckoutForm;
  const cart = normaliseCart(rawCart);
  if (cart.length === 0) return { kind: "empty-cart" };
  const digestOfCart = cartDigest(cart);

  const replay = await existingOrder(deps.db, form.idempotencyKey, digestOfCart);
  if (replay) return replay;

  const shipTo = shippingAddressOf(form);
  const billTo = billingAddressOf(form);
  let outcome: PlaceOrderResult | { kind: "replay" };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const settings = await checkoutSettings(tx);
      const variants = await sellableVariants(tx, cart.map((l) => l.variantId));
      const online = onlinePaymentEnabled(deps.config) && !!deps.jobs;
      // The typed code's discount row is locked from here to the commit: orders with one discount
      // take turns, so the uses counted below are the true count. An automatic discount that wins
      // is locked next, and then judged again on what the lock shows. Locks are always taken in
      // that order (a typed code's, then one automatic discount's), before the stock, so no two
      // orders wait on each other in a circle.
      const inPlay = await discountsInPlay(tx, form.discountCode ?? null, form.email, variants, { lock: true });
      let { quote, chosen } = buildQuote(cart, variants, settings, shipTo.stateCode, onlinePayment(online), inPlay);
      if (chosen?.rule?.automatic) {
        const locked = await lockAutomaticDiscount(tx, chosen.rule.id, form.email);
        inPlay.automatics = inPlay.automatics.map((a) => (a.rule?.id === chosen!.rule!.id ? locked : a));
        ({ quote, chosen } = buildQuote(cart, variants, settings, shipTo.stateCode, onlinePayment(online), inPlay));
        // Another automatic discount would win now: its row is not ours, so the shopper is shown the new quote.
        if (chosen?.rule?.automatic && chosen.rule.id !== locked.rule?.id) return { kind: "quote-changed", quote } as const;
      }
      // Sold out since the page was shown: say so plainly (the decrement below guards the race).
      const short = quote.lines.find((l) => l.problem?.kind === "stock");
      if (short) throw new OutOfStock(short.title);
      // A code that saves less than the automatic discount is not an error the shopper must fix: the page said so, and the order goes ahead with the better one.
      if (quote.discountRefused && quote.discountRefused.reason !== "automatic-better") {
        const { quote: without } = buildQuote(cart, variants, settings, shipTo.stateCode, onlinePayment(online), { ...inPlay, code: null, lookup: null });
        return { kind: "discount-refused", message: `${quote.discountRefused.code}: ${quote.discountRefused.message}`, quote: { ...without, discountRefused: quote.discountRefused } } as const;
      }
      if (quote.digest !== form.quoteDigest || !quote.ready) return { kind: "quote-changed", quote } as const;
      const option = quote.payment.find((p) => p.method === form.paymentMethod)!;
      if (!option.available) return { kind: "payment-unavailable", message: option.reason ?? "This way of paying is not available." } as const;
      const codFeePaise = form.paymentMethod === "cod" ? settings.cod.fee_paise : 0;
      const totals = priceOrder(
        quote.lines.map((l) => ({ unitPricePaise: l.unitPricePaise, quantity: l.quantity, gstRatePercent: l.gstRatePercent })),
        { shippingPaise: quote.totals.shipping.totalPaise, codFeePaise, discountPaise: quote.discount?.goodsPaise ?? 0, discountEligible: quote.discount?.eligible },
        { supplierStateCode: settings.tax.state_code, placeOfSupplyStateCode: shipTo.stateCode },
      );

      const next = (await tx.execute(sql`select nextval('${sql.raw(orderNumberSeq.seqName!)}')::text as n`)) as unknown as { rows: { n: string }[] };
      const number = `GL-${next.rows[0]!.n.padStart(6, "0")}`;
      const id = crypto.randomUUID();
      const accessToken = accessTokenFor(form.idempotencyKey, id);
      const paysOnline = form.paymentMethod === "razorpay";
      // An online order holds its stock for its shopper until paid, or until the hold runs out.
      const holdMinutes = paysOnline ? (await getSetting(tx, "payment_hold")).minutes : 0;
      const holdExpiresAt = paysOnline ? new Date(Date.now() + holdMinutes * 60_000) : null;
      const inserted = await tx
        .insert(orders)
        .values({
          id,
          number,
          status: paysOnline ? "pending_payment" : "processing",
          paymentMethod: form.paymentMethod,
          paymentStatus: paysOnline ? "pending" : "cod_pending",
          holdExpiresAt,
          email: form.email,
          phone: form.phone,
          userId: ctx.userId ?? null,
          shippingAddress: shipTo,
          billingAddress: billTo,
          gstin: form.gstin ?? null,
          supplierStateCode: settings.tax.state_code,
          placeOfSupplyStateCode: shipTo.stateCode,
          subtotalPaise: totals.subtotalPaise,
          shipping: totals.shipping,
          codFee: totals.codFee,
          taxablePaise: totals.taxablePaise,
          cgstPaise: totals.cgstPaise,
          sgstPaise: totals.sgstPaise,
          igstPaise: totals.igstPaise,
          roundOffPaise: totals.roundOffPaise,
          totalPaise: totals.totalPaise,
          discountCode: quote.discount?.code ?? null,
          discountKind: quote.discount?.kind ?? null,
          discountPaise: totals.discountPaise,
          idempotencyKey: form.idempotencyKey,
          cartDigest: digestOfCart,
          accessTokenHash: sha256(accessToken),
        })
        .onConflictDoNothing({ target: orders.idempotencyKey })
        .returning({ id: orders.id });
      // Another request with this key got there first (and has committed): answer as it did.
      if (inserted.length === 0) return { kind: "replay" } as const;

      // Stock in a fixed order (by variant), so two orders for the same variants never wait on each other in a circle.
      const needs = new Map<string, number>();
      for (const line of quote.lines) needs.set(line.variantId, (needs.get(line.variantId) ?? 0) + line.quantity);
      for (const variantId of [...needs.keys()].sort()) {
        if (!(await takeStock(tx, variantId, needs.get(variantId)!))) throw new OutOfStock(quote.lines.find((l) => l.variantId === variantId)!.title);
      }
      await tx.insert(orderLines).values(
        quote.lines.map((l, i) => ({
          orderId: id,
          position: i,
          variantId: l.variantId,
          productId: l.productId,
          title: l.title,
          variantTitle: l.variantTitle,
          sku: l.sku,
          hsnCode: variants.find((v) => v.variantId === l.variantId)?.hsnCode || settings.tax.default_hsn,
          engraving: l.engraving ?? null,
          quantity: l.quantity,
          unitPricePaise: l.unitPricePaise,
          discountPaise: totals.lines[i]!.discountPaise,
          gstRatePercent: totals.lines[i]!.gstRatePercent,
          taxablePaise: totals.lines[i]!.taxablePaise,
          cgstPaise: totals.lines[i]!.cgstPaise,
          sgstPaise: totals.lines[i]!.sgstPaise,
          igstPaise: totals.lines[i]!.igstPaise,
          totalPaise: totals.lines[i]!.totalPaise,
        })),
      );
      // The use is counted by the transaction that places the order: both commit, or neither.
      if (quote.discount && chosen?.rule) {
        await recordRedemption(tx, {
          discountId: chosen.rule.id,
          code: chosen.rule.code,
          bulkCode: chosen.bulkCode?.code ?? null,
          orderId: id,
          email: form.email,
          discountPaise: quote.discount.goodsPaise + quote.discount.shippingWaivedPaise,
          orderTotalPaise: totals.totalPaise,
        });
      }
      await tx.insert(orderEvents).values({
        orderId: id,
        kind: "placed",
        message: paysOnline
          ? `Order placed: online payment of ${formatPaise(totals.totalPaise)} awaited; stock held for ${holdMinutes} minutes.`
          : `Order placed: cash on delivery, ${formatPaise(totals.totalPaise)}.`,
      });
      if (quote.discount) {
        const what = quote.discount.kind === "free_shipping" ? "free shipping" : `${formatPaise(quote.discount.goodsPaise)} off`;
        const which = quote.discount.automatic ? `Automatic discount ${quote.discount.code} applied` : `Discount code ${quote.discount.code} used`;
        await tx.insert(orderEvents).values({ orderId: id, kind: "discount", message: `${which}: ${what}.` });
      }
      // The hold's release is written by this transaction: it exists exactly when the order does.
      if (paysOnline) await deps.jobs!.send(ORDER_JOBS.releaseHold, { orderId: id }, { tx, startAfter: holdExpiresAt! });
      return { kind: "placed", order: { id, number, accessToken, totalPaise: totals.totalPaise, paymentMethod: form.paymentMethod }, replayed: false } as const;
    });
  } catch (error) {
    if (error instanceof DiscountUsedUp) {
      const placed = await existingOrder(deps.db, form.idempotencyKey, digestOfCart);
      if (placed) return placed;
      const quote = await quoteCart(deps.db, cart, { placeOfSupplyStateCode: shipTo.stateCode, onlinePayment: onlinePaymentEnabled(deps.config) && !!deps.jobs });
      const code = normaliseCode(form.discountCode ?? "");
      return { kind: "discount-refused", message: `${code}: ${error.message}`, quote: { ...quote, discountRefused: { code, reason: "used-up", message: error.message } } };
    }
    if (error instanceof OutOfStock) {
      const quote = await quoteCart(deps.db, cart, { placeOfSupplyStateCode: shipTo.stateCode, onlinePayment: onlinePaymentEnabled(deps.config) && !!deps.jobs });
      return { kind: "out-of-stock", message: error.message, quote };
    }
    // Two first requests with one key on PostgreSQL: the loser of the unique index waits, then conflicts.
    if (isUniqueViolation(error)) {
      const again = await existingOrder(deps.db, form.idempotencyKey, digestOfCart);
      if (again) return again;
    }
    throw error;
  }
  // The same checkout sent twice: the second waited on the code's lock and found its one use taken by the first.
  if (outcome.kind === "discount-refused") {
    const placed = await existingOrder(deps.db, form.idempotencyKey, digestOfCart);
    if (placed) return placed;
  }
  if (outcome.kind === "replay") return (await existingOrder(deps.db, form.idempotencyKey, digestOfCart)) ?? { kind: "key-reused" };
  if (outcome.kind === "placed") await afterPlacing(deps, outcome.order);
  return outcome;
}

async function existingOrder(db: Db, idempotencyKey: string, digestOfCart: string): Promise<PlaceOrderResult | null> {
  const [row] = await db
    .select({ id: orders.id, number: orders.number, cartDigest: orders.cartDigest, totalPaise: orders.totalPaise, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.idempotencyKey, idempotencyKey));
  if (!row) return null;
  if (row.cartDigest !== digestOfCart) return { kind: "key-reused" };
  return {
    kind: "placed",
    replayed: true,
    order: { id: row.id, number: row.number, accessToken: accessTokenFor(idempotencyKey, row.id), totalPaise: row.totalPaise, paymentMethod: row.paymentMethod as PaymentMethod },
  };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

async function afterPlacing(deps: CheckoutDeps, order: PlacedOrder): Promise<void> {
  const status = order.paymentMethod === "cod" ? "processing" : "pending_payment";
  await deps.events.publish(TOPICS.orderChanged, { orderId: order.id, number: order.number, status, paymentMethod: order.paymentMethod }).catch(() => {});
  if (order.paymentMethod === "cod") {
    // The order stands whatever happens to the mail; it can be sent again from the back office.
    await sendOrderConfirmation(deps, order.id);
    return;
  }
  // Online: the Razorpay order the shopper pays (created again from the payment page if this fails).
  try {
    await ensureRazorpayOrder(deps, order.id);
  } catch (error) {
    deps.log.warn({ err: error, order: order.number }, "could not create the Razorpay order yet; the payment page will try again");
  }
}

export type TrackedOrder = {
  number: string;
  placedAt: Date;
  status: string;
  paymentStatus: string;
  carrier: string | null;
  trackingNumber: string | null;
  itemCount: number;
  totalPaise: number;
  city: string;
};

export type TrackResult = { ok: true; order: TrackedOrder } | { ok: false; refusal: Extract<RefusalKind, "not-found"> } | { ok: false; refusal: Extract<RefusalKind, "rate-limited">; retryAfterSeconds: number };

/** Tracking lookups: enough for a shopper's typos, too few to guess order numbers. */
export const TRACK_LIMITS = { perAddress: { limit: 20, windowMs: 10 * 60 * 1000 }, perOrder: { limit: 8, windowMs: 60 * 60 * 1000 } };

/**
 * An order's progress for someone who names its number and the email or mobile given at checkout.
 * A wrong pair gets the same answer as an unknown number; failed tries are limited per client
 * address and per order number, so numbers cannot be walked.
 */
export async function trackOrder(db: Db, input: { number: string; contact: string; clientIp: string }): Promise<TrackResult> {
  const number = input.number.trim().toUpperCase();
  const perAddress = { bucket: "track:ip", key: input.clientIp, ...TRACK_LIMITS.perAddress };
  const perOrder = { bucket: "track:order", key: number, ...TRACK_LIMITS.perOrder };
  for (const spec of [perAddress, perOrder]) {
    const verdict = await checkLimit(db, spec);
    if (!verdict.allowed) return { ok: false, refusal: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds };
  }
  const contact = input.contact.trim().toLowerCase();
  const phone = normaliseIndianMobile(contact);
  const [order] = /^GL-\d{6,}$/.test(number) ? await db.select().from(orders).where(eq(orders.number, number)) : [];
  const matches = !!order && (order.email === contact || (phone !== null && order.phone === phone));
  if (!order || !matches) {
    await Promise.all([recordHit(db, perAddress), recordHit(db, perOrder)]);
    return { ok: false, refusal: "not-found" };
  }
  const lines = await db.select({ quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order.id));
  return {
    ok: true,
    order: {
      number: order.number,
      placedAt: order.createdAt,
      status: order.status,
      paymentStatus: order.paymentStatus,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      itemCount: lines.reduce((n, l) => n + l.quantity, 0),
      totalPaise: order.totalPaise,
      city: order.shippingAddress.city,
    },
  };
}

/**
 * A guest's orders join the account registered later with the same address, once that address is
 * confirmed (never before: anyone can type someone else's email at checkout).
 */
export async function attachGuestOrders(db: Db, user: { id: string; email: string; emailVerified: boolean }): Promise<number> {
  if (!user.emailVerified) return 0;
  const attached = await db
    .update(orders)
    .set({ userId: user.id })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = ${user.email.toLowerCase()}`))
    .returning({ id: orders.id });
  return attached.length;
}

export type ShopperOrderSummary = { number: string; placedAt: Date; status: string; totalPaise: number; itemCount: number };

/** A signed-in shopper's orders, newest first. */
export async function listShopperOrders(db: Db, userId: string): Promise<ShopperOrderSummary[]> {
  const rows = await db
    .select({
      number: orders.number,
      placedAt: orders.createdAt,
      status: orders.status,
      totalPaise: orders.totalPaise,
      itemCount: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
    })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt));
  return rows.map((r) => ({ ...r, itemCount: Number(r.itemCount) }));
}

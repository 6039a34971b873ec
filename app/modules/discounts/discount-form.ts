import { z } from "zod";
import { DISCOUNT_KINDS, normaliseCode } from "./discount-rules";

// The discount editor's one schema: the browser checks with it before sending, the server checks
// again with it. Form values arrive as strings; money is typed in rupees and kept in paise; dates
// are typed in India time (datetime-local, no zone) and kept in UTC.

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** "2026-05-01T10:00" read as India time (IST has no daylight saving: always UTC+5:30). */
export function istInputToDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi) - IST_OFFSET_MS;
  const date = new Date(utc);
  // 2026-02-30 rolls over in Date.UTC; a date that does not exist is refused instead.
  const back = new Date(utc + IST_OFFSET_MS);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return date;
}

/** The value a datetime-local input shows for a stored moment, in India time. */
export function dateToIstInput(date: Date | null): string {
  return date ? new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16) : "";
}

/** "1,299.50" or "₹1299" to paise; null when it is not an amount. */
export function rupeesToPaiseText(text: string): number | null {
  const cleaned = text.trim().replace(/^₹\s*/, "").replace(/,/g, "");
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

const text = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string());

const optionalCount = (label: string) =>
  text.transform((s, ctx) => {
    const t = s.trim();
    if (!t) return null;
    if (!/^\d{1,7}$/.test(t) || Number(t) < 1) {
      ctx.addIssue({ code: "custom", message: `${label} must be a whole number of at least 1, or empty for no limit.` });
      return z.NEVER;
    }
    return Number(t);
  });

const optionalMoment = (label: string) =>
  text.transform((s, ctx) => {
    const t = s.trim();
    if (!t) return null;
    const date = istInputToDate(t);
    if (!date) {
      ctx.addIssue({ code: "custom", message: `${label} must be a date and time, like 2026-05-01 10:00 (India time).` });
      return z.NEVER;
    }
    return date;
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** At most this many products and collections named by one discount. */
export const MAX_TARGETS = 200;

/**
 * The editor ticks products and collections with one checkbox each, named `product:<id>` and
 * `collection:<id>` (a form posts a repeated name as one value only, once read into an object),
 * so they are gathered here into `productIds` / `collectionIds`, comma-separated.
 */
function gatherTargets(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  const pick = (prefix: string) =>
    Object.keys(out)
      .filter((k) => k.startsWith(prefix))
      .map((k) => k.slice(prefix.length));
  const products = pick("product:");
  const collections = pick("collection:");
  if (products.length) out.productIds = [String(out.productIds ?? ""), ...products].filter(Boolean).join(",");
  if (collections.length) out.collectionIds = [String(out.collectionIds ?? ""), ...collections].filter(Boolean).join(",");
  return out;
}

const idList = (label: string) =>
  text.transform((s, ctx) => {
    const ids = [...new Set(s.split(",").map((t) => t.trim()).filter(Boolean))];
    if (ids.length > MAX_TARGETS || ids.some((id) => !UUID.test(id))) {
      ctx.addIssue({ code: "custom", message: `Choose ${label} from the list (at most ${MAX_TARGETS}).` });
      return z.NEVER;
    }
    return ids.map((id) => id.toLowerCase());
  });

const PERCENT_MESSAGE = "Percentage must be a whole number from 1 to 100.";
const AMOUNT_MESSAGE = "Amount must be at least ₹1, like 200 or 199.50.";

export const discountForm = z.preprocess(
  gatherTargets,
  z
  .object({
    code: text.pipe(
      z
        .string()
        .transform(normaliseCode)
        .pipe(
          z
            .string()
            .min(3, "A code has at least 3 characters.")
            .max(32, "A code can be at most 32 characters.")
            .regex(/^[A-Z0-9][A-Z0-9_-]*$/, "Use letters, digits, - and _ only (no spaces)."),
        ),
    ),
    kind: z.enum(DISCOUNT_KINDS, { message: "Choose what the code gives." }),
    // Each amount is checked for its shape on its own, so every mistake shows at once; whether
    // the kind needs it is checked below, once the fields are sound.
    /** Percentage codes: a whole percent. */
    percent: text.refine((s) => s.trim() === "" || (/^\d{1,3}$/.test(s.trim()) && Number(s) >= 1 && Number(s) <= 100), PERCENT_MESSAGE),
    /** Fixed codes: rupees. */
    amount: text.refine((s) => s.trim() === "" || (rupeesToPaiseText(s) ?? 0) >= 100, AMOUNT_MESSAGE),
    minOrder: text.refine((s) => s.trim() === "" || rupeesToPaiseText(s) !== null, "Minimum order must be an amount in rupees, like 999, or empty for none."),
    startsAt: optionalMoment("Start"),
    endsAt: optionalMoment("End"),
    usageLimit: optionalCount("Total uses"),
    perCustomerLimit: optionalCount("Uses per customer"),
    /** A ticked checkbox sends "on"; an unticked one sends nothing. */
    automatic: text.transform((s) => s === "on" || s === "true"),
    productIds: idList("products"),
    collectionIds: idList("collections"),
  })
  .transform((v, ctx) => {
    let percentBasisPoints: number | null = null;
    let amountPaise: number | null = null;
    if (v.kind === "percentage") {
      const t = v.percent.trim();
      if (!/^\d{1,3}$/.test(t) || Number(t) < 1 || Number(t) > 100) ctx.addIssue({ code: "custom", path: ["percent"], message: PERCENT_MESSAGE });
      else percentBasisPoints = Number(t) * 100;
    }
    if (v.kind === "fixed") {
      const paise = rupeesToPaiseText(v.amount);
      if (paise === null || paise < 100) ctx.addIssue({ code: "custom", path: ["amount"], message: AMOUNT_MESSAGE });
      else amountPaise = paise;
    }
    const minOrderPaise = v.minOrder.trim() ? rupeesToPaiseText(v.minOrder) : 0;
    if (minOrderPaise === null) ctx.addIssue({ code: "custom", path: ["minOrder"], message: "Minimum order must be an amount in rupees, like 999, or empty for none." });
    if (v.startsAt && v.endsAt && v.endsAt.getTime() <= v.startsAt.getTime()) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "End must be after the start." });
    if (v.usageLimit !== null && v.perCustomerLimit !== null && v.perCustomerLimit > v.usageLimit) {
      ctx.addIssue({ code: "custom", path: ["perCustomerLimit"], message: "Uses per customer cannot be more than the total uses." });
    }
    return {
      code: v.code,
      kind: v.kind,
      percentBasisPoints,
      amountPaise,
      minOrderPaise: minOrderPaise ?? 0,
      startsAt: v.startsAt,
      endsAt: v.endsAt,
      usageLimit: v.usageLimit,
      perCustomerLimit: v.perCustomerLimit,
      automatic: v.automatic,
      productIds: v.productIds,
      collectionIds: v.collectionIds,
    };
  }),
);

export type DiscountFormValues = z.output<typeof discountForm>;

/** The form's inputs as the browser sends them, for filling the editor. */
export function discountFormDefaults(d?: Partial<Omit<DiscountFormValues, "productIds" | "collectionIds">> & { productIds?: readonly string[]; collectionIds?: readonly string[] }): Record<string, string> {
  const rupees = (p: number | null | undefined) => (p ? (p % 100 === 0 ? String(p / 100) : (p / 100).toFixed(2)) : "");
  return {
    code: d?.code ?? "",
    kind: d?.kind ?? "percentage",
    percent: d?.percentBasisPoints ? String(d.percentBasisPoints / 100) : "",
    amount: rupees(d?.amountPaise),
    minOrder: rupees(d?.minOrderPaise),
    startsAt: dateToIstInput(d?.startsAt ?? null),
    endsAt: dateToIstInput(d?.endsAt ?? null),
    usageLimit: d?.usageLimit ? String(d.usageLimit) : "",
    perCustomerLimit: d?.perCustomerLimit ? String(d.perCustomerLimit) : "",
    automatic: d?.automatic ? "on" : "",
    productIds: (d?.productIds ?? []).join(","),
    collectionIds: (d?.collectionIds ?? []).join(","),
  };
}

/** Most bulk codes made at once (one transaction, one download). */
export const MAX_BULK_CODES = 1_000;

/** Bulk codes for one discount: how many, and the prefix before each random part. */
export const bulkCodesForm = z.object({
  count: text.refine((s) => /^\d{1,4}$/.test(s.trim()) && Number(s) >= 1 && Number(s) <= MAX_BULK_CODES, `Make from 1 to ${MAX_BULK_CODES} codes at a time.`).transform(Number),
  prefix: text.pipe(
    z
      .string()
      .transform(normaliseCode)
      .pipe(z.string().regex(/^[A-Z0-9]{2,12}$/, "A prefix is 2 to 12 letters and digits, like DIWALI.")),
  ),
});

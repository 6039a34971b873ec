import { z } from "zod";

// The customers list's GET parameters (client-safe): search, filters, sort and page. Anything the
// schema does not know falls back to the default, so a hand-edited address still shows a list.

export const CUSTOMER_SORTS = ["ltv", "orders", "last", "joined"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = { ltv: "Lifetime value", orders: "Orders", last: "Last order", joined: "Joined" };
export const CUSTOMERS_PER_PAGE = 25;

const yesNo = z.enum(["yes", "no", ""]).catch("");
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+05:30`)))
  .or(z.literal(""))
  .catch("");

export const customerQuery = z.object({
  q: z.string().trim().max(100).catch(""),
  orders: yesNo,
  subscribed: yesNo,
  /** Joined on or after this IST day. */
  from: day,
  /** Joined on or before this IST day. */
  to: day,
  sort: z.enum(CUSTOMER_SORTS).catch("ltv"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export type CustomerQuery = z.output<typeof customerQuery>;

/** The list's parameters from the address (every field present, defaults filled in). */
export function parseCustomerQuery(search: URLSearchParams): CustomerQuery {
  const raw = Object.fromEntries(["q", "orders", "subscribed", "from", "to", "sort", "dir", "page"].map((k) => [k, search.get(k) ?? undefined]));
  return customerQuery.parse(raw);
}

/** A customer's key in the address: "u-" and an account id, or "g-" and 32 hex digits for a guest. */
export const CUSTOMER_KEY = /^(u-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|g-[0-9a-f]{32})$/;

import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeOrder, quoteCart, type CartLineInput } from "~/modules/orders/checkout.server";
import { listOrders, transitionOrder } from "~/modules/orders/order-admin.server";
import { orders } from "~/modules/orders/schema";
import { signInStaff } from "~/modules/staff/sign-in.server";
import { loader as csvLoader } from "~/routes/admin/sales-orders-csv";
import { loader as salesLoader } from "~/routes/admin/sales";
import type { AppServices } from "~/services.server";
import { checkoutForm, createProduct } from "../support/shoppers";
import { DRIVERS } from "../support/test-database";
import { cookieHeader, createStaff, openTestServices, requestFrom } from "../support/test-services";

// The sales list's payment-status filter, through the list's loader and its CSV download: the
// same parameter picks the same orders in both.

describe.each(DRIVERS)("the sales list by payment status on %s", (kind) => {
  let services: AppServices;
  let cookie: string;
  const numbers: Record<"toCollect" | "collected" | "refunded", string> = { toCollect: "", collected: "", refunded: "" };

  async function buy(cart: CartLineInput[]) {
    const quote = await quoteCart(services.db, cart);
    const result = await placeOrder(services, checkoutForm({ quoteDigest: quote.digest, email: "filter@example.in" }), cart);
    if (result.kind !== "placed") throw new Error(result.kind);
    return result.order;
  }
  const args = (path: string) => ({ request: requestFrom(path, { cookie }), context: { services }, params: {} }) as never;

  beforeAll(async () => {
    services = await openTestServices(kind);
    const staff = await createStaff(services, "sales.viewer@glacial.in", ["viewer"]);
    const signed = await signInStaff(services, requestFrom("/admin/login", { method: "POST" }), staff);
    if (signed.kind !== "signed-in") throw new Error("sign-in failed");
    cookie = cookieHeader(signed.headers);
    const ops = await createStaff(services, "sales.ops@glacial.in", ["admin"]);
    const actor = { id: ops.id, email: ops.email };
    const { variantId } = await createProduct(services.db, "filter-bottle", { pricePaise: 99_900, stock: 20 });

    numbers.toCollect = (await buy([{ variantId, quantity: 1 }])).number;
    const collected = await buy([{ variantId, quantity: 2 }]);
    numbers.collected = collected.number;
    expect((await transitionOrder(services, actor, collected.id, { action: "ship", expectedVersion: 1, carrier: "Delhivery", trackingNumber: "DL1" })).ok).toBe(true);
    expect((await transitionOrder(services, actor, collected.id, { action: "collect_cod", expectedVersion: 2 })).ok).toBe(true);
    // A refunded order as the refund module leaves one (its path has tests of its own).
    const refunded = await buy([{ variantId, quantity: 3 }]);
    numbers.refunded = refunded.number;
    await services.db.update(orders).set({ paymentStatus: "refunded", status: "cancelled" }).where(eq(orders.id, refunded.id));
  });
  afterAll(() => services?.close());

  it("lists only the orders in the chosen payment state, combined with the other filters", async () => {
    const listed = async (query: string) => ((await salesLoader(args(`/admin/sales?${query}`))) as { rows: { number: string }[]; filter: Record<string, string> });
    const toCollect = await listed("paymentStatus=cod_pending&q=filter@");
    expect(toCollect.rows.map((r) => r.number)).toEqual([numbers.toCollect]);
    expect(toCollect.filter.paymentStatus).toBe("cod_pending");
    expect((await listed("paymentStatus=cod_collected")).rows.map((r) => r.number)).toEqual([numbers.collected]);
    expect((await listed("paymentStatus=refunded&status=cancelled")).rows.map((r) => r.number)).toEqual([numbers.refunded]);
    expect((await listed("paymentStatus=refunded&status=shipped")).rows).toEqual([]);
    expect((await listed("paymentStatus=paid")).rows).toEqual([]);
    // An unknown state is ignored, not an error: the whole list.
    const all = await listed("paymentStatus=captured");
    expect(all.filter.paymentStatus).toBe("");
    expect(all.rows.map((r) => r.number).sort()).toEqual(Object.values(numbers).sort());
    expect((await listOrders(services.db, { paymentStatus: "cod_collected" })).total).toBe(1);
  });

  it("exports exactly the orders the filter lists", async () => {
    const csvOf = async (query: string) => {
      const res = (await csvLoader(args(`/admin/sales/orders.csv?${query}`))) as Response;
      expect(res.headers.get("content-type")).toContain("text/csv");
      const records = parse(await res.text(), { bom: true }) as string[][];
      const at = records[0]!.indexOf("payment_status");
      return records.slice(1).map((r) => [r[0], r[at]]);
    };
    expect(await csvOf("paymentStatus=cod_collected")).toEqual([[numbers.collected, "Cash on delivery: collected"]]);
    expect(await csvOf("paymentStatus=cod_pending&payment=cod")).toEqual([[numbers.toCollect, "Cash on delivery: to collect"]]);
    expect(await csvOf("paymentStatus=paid")).toEqual([]);
  });
});

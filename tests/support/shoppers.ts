import crypto from "node:crypto";
import type { Db } from "~/db/types";
import { productVariants, products } from "~/modules/catalog/schema";
import type { Auth } from "~/modules/staff/auth.server";

export type ShopperSeed = { id: string; email: string; password: string };

/** A shopper account with a confirmed address and a password, as if registered and confirmed (no role, not staff). */
export async function createShopper(auth: Auth, email: string, password = "a long shopper passphrase"): Promise<ShopperSeed> {
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser({ email, name: email.split("@")[0]!, emailVerified: true }, { method: "admin" });
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await ctx.password.hash(password) });
  return { id: user.id, email, password };
}

/** A product with one variant at a known price and stock (HSN set), for checkout tests. */
export async function createProduct(db: Db, slug: string, opts: { pricePaise: number; stock: number; status?: "active" | "draft" }) {
  const [p] = await db.insert(products).values({ slug, title: slug.replace(/-/g, " "), status: opts.status ?? "active", hsnCode: "73239390" }).returning();
  const [v] = await db.insert(productVariants).values({ productId: p!.id, sku: slug.toUpperCase(), pricePaise: opts.pricePaise, stockQuantity: opts.stock }).returning();
  return { productId: p!.id, variantId: v!.id };
}

/** Signs a shopper in through /login's form; returns the Cookie header for later requests. */
export async function signInShopperOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, redirectTo: "/account" }),
  });
  if (res.status !== 302) throw new Error(`shopper sign-in of ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A shopper's checkout answers (cash on delivery to Bengaluru), without the per-attempt key. */
export const CHECKOUT_DETAILS = {
  email: "asha@example.in",
  phone: "98765 43210",
  shipName: "Asha Rao",
  shipLine1: "12, 4th Cross, Indiranagar",
  shipCity: "Bengaluru",
  shipState: "29",
  shipPin: "560038",
  billingSame: "on",
  paymentMethod: "cod",
};

/** A fresh idempotency key, as the checkout page issues one per attempt. */
export const idempotencyKey = () => `k_${crypto.randomBytes(12).toString("hex")}`;

/** The checkout form as a shopper sends it, with a fresh key; `overrides` change any field. */
export function checkoutForm(overrides: Record<string, unknown> = {}) {
  return { ...CHECKOUT_DETAILS, idempotencyKey: idempotencyKey(), ...overrides };
}

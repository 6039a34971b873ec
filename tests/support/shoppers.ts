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

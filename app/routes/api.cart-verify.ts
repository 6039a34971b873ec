import { data } from "react-router";
import { z } from "zod";
import { currentCartPrices, MAX_CART_LINES } from "~/modules/catalog/catalog.server";
import { storefrontGstPercent } from "~/modules/settings/settings.server";
import type { Route } from "./+types/api.cart-verify";

const body = z.object({ variantIds: z.array(z.string().max(64)).max(MAX_CART_LINES, `At most ${MAX_CART_LINES} cart lines can be checked.`) });

/** POST /api/cart/verify { variantIds } -> { variants: [{ variantId, pricePaise, available, slug, gstRatePercent, ... }] } */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  const json = await request.json().catch(() => null);
  const parsed = body.safeParse(json);
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Send { variantIds: string[] }." }, { status: 400 });
  const gstPercent = await storefrontGstPercent(context.services);
  const variants = await currentCartPrices(context.services.db, parsed.data.variantIds, gstPercent);
  return data({ variants }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

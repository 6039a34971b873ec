import { data } from "react-router";
import { z } from "zod";
import { listBestSellers } from "~/modules/catalog/catalog.server";
import { LOAD_MORE_BATCH } from "~/modules/catalog/catalog";
import type { Route } from "./+types/api.best-sellers";

const query = z.object({
  offset: z.coerce.number().int().min(0).max(10_000).catch(0),
  limit: z.coerce.number().int().min(1).max(48).catch(LOAD_MORE_BATCH),
});

/** GET /api/best-sellers?offset=N&limit=M -> { cards, total }: the home page's "Load More Bottles". */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { offset, limit } = query.parse({ offset: url.searchParams.get("offset") ?? undefined, limit: url.searchParams.get("limit") ?? undefined });
  try {
    const page = await listBestSellers(context.services.db, { offset, limit });
    return data(page, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    context.services.log.error({ err: error }, "best sellers could not be loaded");
    return data({ cards: [], total: 0, error: "Products could not be loaded." }, { status: 503 });
  }
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

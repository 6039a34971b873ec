import { data } from "react-router";
import { getActivePopup } from "~/modules/marketing/marketing.server";
import type { Route } from "./+types/api.popup";

/** GET /api/popup -> { popup } (the active popup or null). A load failure is logged and answers no popup. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return data({ popup: await getActivePopup(context.services.db) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    context.services.log.error({ err: error }, "popup could not be loaded");
    return data({ popup: null }, { headers: { "Cache-Control": "no-store" } });
  }
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

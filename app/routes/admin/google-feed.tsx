import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/google-feed";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "google_feed");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Google Feed");

export default function GoogleFeedPage() {
  return <ModuleUnavailable title="Google Feed" what="The Google Merchant Center product feed comes with its own module." />;
}

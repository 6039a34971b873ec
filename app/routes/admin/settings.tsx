import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "settings");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Settings");

export default function SettingsPage() {
  return <ModuleUnavailable title="Settings" what="Store details, GST, shipping and maintenance mode come with the settings module." />;
}

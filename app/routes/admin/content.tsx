import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/content";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "content");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Content");

export default function ContentPage() {
  return <ModuleUnavailable title="Content" what="Editing pages, menus and the FAQ comes with the content module." />;
}

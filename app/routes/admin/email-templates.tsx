import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/email-templates";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "email_templates");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Email Templates");

export default function EmailTemplatesPage() {
  return <ModuleUnavailable title="Email Templates" what="Editing the shop's email templates comes with the email templates module." />;
}

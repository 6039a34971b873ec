import { ActivityScreen } from "~/components/admin/staff/activity-screen";
import { z } from "zod";
import { adminMeta } from "~/lib/admin-meta";
import { isUuid } from "~/lib/ids";
import { listAudit } from "~/modules/audit/audit.server";
import { requirePagePermission, staffOptions } from "~/modules/staff/staff.server";
import { AUDIT_MODULES } from "~/modules/staff/staff";
import type { Route } from "./+types/user-management-activity";

const filter = z.object({
  user: z.string().optional().transform((v) => (v && isUuid(v) ? v : undefined)),
  module: z.enum(AUDIT_MODULES).optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "user_management");
  const f = filter.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [entries, people] = await Promise.all([
    listAudit(context.services.db, { actorId: f.user, module: f.module, limit: 200 }),
    staffOptions(context.services),
  ]);
  return {
    filter: { user: f.user ?? "", module: f.module ?? "" },
    people,
    entries: entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Activity");

export default function Activity({ loaderData }: Route.ComponentProps) {
  return <ActivityScreen loaderData={loaderData} />;
}

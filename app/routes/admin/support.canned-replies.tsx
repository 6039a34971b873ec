import { data } from "react-router";
import { CannedRepliesScreen } from "~/components/admin/support/canned-replies-screen";
import { SupportError } from "~/modules/support/support";
import { createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from "~/modules/support/support.server";
import { requireOperation, requirePagePermission, requireUuid } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import type { Route } from "./+types/support.canned-replies";

// Canned replies of the support module: support staff may add and edit, deleting needs the delete permission.

export const meta: Route.MetaFunction = () => [{ title: "Canned replies | Support | Admin | GLACIAL" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const staff = await requirePagePermission(services, request, "support");
  return {
    replies: await listCannedReplies(services.db),
    canCreate: can(staff.roles, "support", "create"),
    canEdit: can(staff.roles, "support", "edit"),
    canDelete: can(staff.roles, "support", "delete"),
  };
}

// Each form posts to ?do=<operation>; the permission it needs is checked before the body is read.
const OPERATIONS = { create: "create", update: "edit", delete: "delete" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  // 401 without a session, 403 without the right, 400 for an unknown operation: all before the body.
  const { op } = await requireOperation(services, request, "support", OPERATIONS);
  const form = await request.formData();
  const input = { title: form.get("title") ?? "", body: form.get("body") ?? "" };
  try {
    if (op === "create") await createCannedReply(services.db, input);
    else if (op === "update") await updateCannedReply(services.db, requireUuid(form.get("id")), input);
    else await deleteCannedReply(services.db, requireUuid(form.get("id")));
    return { ok: true as const, error: null };
  } catch (error) {
    if (error instanceof SupportError) return data({ ok: false as const, error: error.message }, { status: error.status });
    throw error;
  }
}

export default function CannedReplies({ loaderData }: Route.ComponentProps) {
  return <CannedRepliesScreen loaderData={loaderData} />;
}

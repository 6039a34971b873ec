import { data } from "react-router";
import { CannedRepliesScreen } from "~/components/admin/support/canned-replies-screen";
import { SupportError } from "~/modules/support/support";
import { createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from "~/modules/support/support.server";
import { requireActionPermission, requirePagePermission, requireUuid } from "~/modules/staff/staff.server";
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

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const form = await request.formData();
  const intent = form.get("intent");
  const input = { title: form.get("title") ?? "", body: form.get("body") ?? "" };
  try {
    if (intent === "create") {
      await requireActionPermission(services, request, "support", "create");
      await createCannedReply(services.db, input);
    } else if (intent === "update") {
      await requireActionPermission(services, request, "support", "edit");
      await updateCannedReply(services.db, requireUuid(form.get("id")), input);
    } else if (intent === "delete") {
      await requireActionPermission(services, request, "support", "delete");
      await deleteCannedReply(services.db, requireUuid(form.get("id")));
    } else {
      return data({ ok: false as const, error: "Unknown action." }, { status: 400 });
    }
    return { ok: true as const, error: null };
  } catch (error) {
    if (error instanceof SupportError) return data({ ok: false as const, error: error.message }, { status: error.status });
    throw error;
  }
}

export default function CannedReplies({ loaderData }: Route.ComponentProps) {
  return <CannedRepliesScreen loaderData={loaderData} />;
}

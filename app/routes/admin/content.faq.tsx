import { FaqScreen } from "~/components/admin/content/faq-screen";
import { answer, invalid, jsonField } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { loadedFaqIds, loadFaqEditor, saveFaqItems, saveWarranty } from "~/modules/content/content.server";
import { faqForm, warrantyForm } from "~/modules/content/content";
import { readSettingForEdit } from "~/modules/settings/settings.server";
import { requireActionPermission, requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/content.faq";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "content");
  const [faq, warranty] = await Promise.all([loadFaqEditor(context.services.db), readSettingForEdit(context.services.db, "warranty")]);
  return { faq, warranty: { period: warranty.value.period, version: warranty.version } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "content", "edit");
  const actor = { id: staff.user.id, email: staff.user.email };
  const form = await request.formData();
  if (form.get("intent") === "warranty") {
    const parsed = warrantyForm.safeParse({ version: form.get("version"), period: form.get("period") });
    if (!parsed.success) return invalid("warranty", parsed.error);
    return answer("warranty", await saveWarranty(context.services, actor, parsed.data.period, parsed.data.version));
  }
  const parsed = faqForm.safeParse({ revision: form.get("revision"), items: jsonField(form, "items") });
  if (!parsed.success) return invalid("faq", parsed.error);
  // Dropping a question deletes its row: that needs the delete permission too (adding one, create).
  const kept = new Set(parsed.data.items.flatMap((i) => (i.id ? [i.id] : [])));
  if (loadedFaqIds(parsed.data.revision).some((id) => !kept.has(id))) await requireActionPermission(context.services, request, "content", "delete");
  if (parsed.data.items.some((i) => !i.id)) await requireActionPermission(context.services, request, "content", "create");
  return answer("faq", await saveFaqItems(context.services, actor, parsed.data.items, parsed.data.revision));
}

export const meta: Route.MetaFunction = () => adminMeta("FAQ and warranty");

export default function FaqAndWarranty({ loaderData, actionData }: Route.ComponentProps) {
  return <FaqScreen loaderData={loaderData} actionData={actionData} />;
}

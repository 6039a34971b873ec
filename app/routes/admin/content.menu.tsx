import { useSavedToast } from "~/components/admin/action-feedback";
import { MenuEditor } from "~/components/admin/menu-editor";
import { answer, invalid, jsonField } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { loadMenuEditor, saveHeaderMenu } from "~/modules/content/content.server";
import { menuForm } from "~/modules/content/content";
import { requireActionPermission, requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/content.menu";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "content");
  return loadMenuEditor(context.services.db);
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "content", "edit");
  const form = await request.formData();
  const parsed = menuForm.safeParse({ version: form.get("version"), items: jsonField(form, "items") });
  if (!parsed.success) return invalid("menu", parsed.error);
  return answer("menu", await saveHeaderMenu(context.services, { id: staff.user.id, email: staff.user.email }, parsed.data.items, parsed.data.version));
}

export const meta: Route.MetaFunction = () => adminMeta("Header menu");

export default function HeaderMenuPage({ loaderData, actionData }: Route.ComponentProps) {
  useSavedToast(actionData);
  // A save changes the version: the editor starts again from what is stored.
  return <MenuEditor key={loaderData.version} items={loaderData.items} version={loaderData.version} result={actionData} />;
}

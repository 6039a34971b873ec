import { data } from "react-router";
import { PageEditorScreen } from "~/components/admin/content/page-screen";
import { answer, invalid } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { loadPageForEdit, previewMarkdown, saveContentPage, isContentPageSlug } from "~/modules/content/content.server";
import { requireActionPermission, requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/content.page";
import { pageForm, previewForm } from "~/modules/content/content";

function slugOf(params: { slug?: string }) {
  const slug = params.slug ?? "";
  if (!isContentPageSlug(slug)) throw data("Page not found", { status: 404 });
  return slug;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "content");
  return { page: await loadPageForEdit(context.services.db, slugOf(params)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "content", "edit");
  const slug = slugOf(params);
  const form = await request.formData();
  if (form.get("intent") === "preview") {
    const parsed = previewForm.safeParse({ bodyMarkdown: form.get("bodyMarkdown") ?? "" });
    if (!parsed.success) return invalid("preview", parsed.error);
    // Rendered by the storefront's own renderer and sanitiser: the preview is what visitors get.
    return { form: "preview", ok: true as const, message: "", html: previewMarkdown(parsed.data.bodyMarkdown) };
  }
  const parsed = pageForm.safeParse(Object.fromEntries(["version", "title", "seoDescription", "bodyMarkdown"].map((k) => [k, form.get(k) ?? ""])));
  if (!parsed.success) return invalid("page", parsed.error);
  const { version, ...input } = parsed.data;
  return answer("page", await saveContentPage(context.services, { id: staff.user.id, email: staff.user.email }, slug, input, version));
}

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(`Edit ${loaderData?.page.title || "page"}`);

export default function ContentPageEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <PageEditorScreen loaderData={loaderData} actionData={actionData} />;
}

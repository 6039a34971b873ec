import { Eye } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { z } from "zod";
import { fieldError, FormResult, useSavedToast } from "~/components/admin/action-feedback";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { answer, invalid } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { loadPageForEdit, previewMarkdown, saveContentPage, isContentPageSlug } from "~/modules/content/content.server";
import { requireActionPermission, requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/content.page";
import { Panel } from "~/components/admin/kit/panel";
import { versionField } from "~/lib/version-field";

const MAX_BODY = 50_000;
const pageForm = z.object({
  version: versionField,
  title: z.string().trim().min(1, "Enter the page's title.").max(120, "Keep the title under 120 characters."),
  seoDescription: z.string().trim().max(300, "Keep the description under 300 characters."),
  bodyMarkdown: z.string().max(MAX_BODY, `Keep the page under ${MAX_BODY.toLocaleString("en-IN")} characters.`).refine((v) => v.trim().length > 0, "The page needs some text."),
});
const previewForm = z.object({ bodyMarkdown: z.string().max(MAX_BODY) });

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
  const { page } = loaderData;
  useSavedToast(actionData);
  const busy = useNavigation().state === "submitting";
  const preview = useFetcher<typeof action>();
  const [body, setBody] = useState(page.bodyMarkdown);
  const previewHtml = preview.data && "html" in preview.data ? preview.data.html : null;
  return (
    <div key={page.version} className="space-y-4">
      <p className="text-sm">
        <Link to="/admin/content/pages" className="text-teal-800 underline dark:text-teal-300">
          All pages
        </Link>{" "}
        · shown at{" "}
        <a href={`/${page.slug}`} target="_blank" rel="noreferrer" className="underline">
          /{page.slug}
        </a>
      </p>
      <Form method="post">
        <Panel title={<>Edit /{page.slug}</>} className="space-y-4">
          <FormResult result={actionData} form="page" />
          <input type="hidden" name="version" value={page.version} />
          <TextField label="Title" name="title" required maxLength={120} defaultValue={page.title} error={fieldError(actionData, "page", "title")} />
          <TextField label="Search description" name="seoDescription" maxLength={300} defaultValue={page.seoDescription} error={fieldError(actionData, "page", "seoDescription")} />
          <div className="grid gap-4 lg:grid-cols-2">
            <TextAreaField
              label="Text (Markdown)"
              hint="# heading, **bold**, - lists, [link](/contact). A first # heading is replaced by the title."
              name="bodyMarkdown"
              rows={22}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              className="font-mono"
              error={fieldError(actionData, "page", "bodyMarkdown")}
            />
            <Panel
              id="preview-heading"
              title="Preview"
              headingLevel={3}
              actions={
                <Button size="sm" disabled={preview.state !== "idle"} onClick={() => void preview.submit({ intent: "preview", bodyMarkdown: body }, { method: "post" })}>
                  <Eye className="size-4" aria-hidden="true" /> {preview.state !== "idle" ? "Rendering..." : "Show preview"}
                </Button>
              }
            >
              <div aria-live="polite">
                {previewHtml !== null ? (
                  // Sanitised on the server by the storefront's renderer (lib/markdown.server.ts).
                  <div data-testid="page-preview" className="space-y-3 text-sm leading-relaxed [&_a]:underline [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6" dangerouslySetInnerHTML={{ __html: previewHtml }} />
                ) : (
                  <p className="text-sm text-slate-600 dark:text-slate-300">Show the preview to see the page as visitors will.</p>
                )}
              </div>
            </Panel>
          </div>
          <Button type="submit" variant="primary" disabled={busy}>
            Save page
          </Button>
        </Panel>
      </Form>
    </div>
  );
}

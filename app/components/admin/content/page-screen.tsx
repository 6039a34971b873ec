import { Eye } from "lucide-react";
import { useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { fieldError, FormResult, useSavedToast, type FormAnswer } from "~/components/admin/action-feedback";
import { Panel } from "~/components/admin/kit/panel";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import type { loadPageForEdit } from "~/modules/content/content.server";

// /admin/content/pages/:slug: a storefront text page in Markdown, with a preview rendered by the
// storefront's own renderer.

export type PageEditorData = { page: Awaited<ReturnType<typeof loadPageForEdit>> };

export function PageEditorScreen({ loaderData, actionData }: { loaderData: PageEditorData; actionData: FormAnswer }) {
  const { page } = loaderData;
  useSavedToast(actionData);
  const busy = useNavigation().state === "submitting";
  const preview = useFetcher<FormAnswer & { html?: string }>();
  const [body, setBody] = useState(page.bodyMarkdown);
  const previewHtml = preview.data?.html ?? null;
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

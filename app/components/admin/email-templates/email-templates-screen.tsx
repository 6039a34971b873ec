import { useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel } from "~/components/admin/kit/panel";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { Button, buttonClass } from "~/components/ui/button";
import { FormMessage, TextAreaField, TextField } from "~/components/ui/field";
import { templateForm, type TemplateKind } from "~/modules/mail/mail";
import type { RenderedMail } from "~/modules/mail/mail.server";
import { OutboxList, type OutboxRow } from "./outbox-list";

export type TemplateRow = { kind: TemplateKind; label: string; when: string; customised: boolean; updatedAt: string | null; updatedBy: string | null };

type Editor = {
  kind: TemplateKind;
  label: string;
  when: string;
  version: number;
  customised: boolean;
  values: { subject: string; body: string };
  variables: string[];
  preview: RenderedMail;
};

type Result =
  | { ok: false; error: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }
  | { ok: true; message: string; values: Record<string, string>; preview: RenderedMail }
  | undefined;

const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

export function EmailTemplatesScreen({
  canEdit,
  templates,
  editor,
  editingMissing,
  transport,
  messages,
  saved,
  result,
}: {
  canEdit: boolean;
  templates: TemplateRow[];
  editor: Editor | null;
  editingMissing: boolean;
  transport: "smtp" | "outbox";
  messages: OutboxRow[];
  saved: string | null;
  result: Result;
}) {
  return (
    <AdminPage width={editor ? "full" : "wide"}>
      <PageHeader
        title="Email Templates"
        description="The mails the shop sends, in your words: edit a subject and body with variables such as {{order.number}}; the shop's layout, button and footer wrap them."
        actions={
          editor ? (
            <Link to="/admin/email-templates" className={buttonClass("secondary")}>
              All templates
            </Link>
          ) : null
        }
      />
      <FormMessage error={editingMissing ? "There is no such email template." : !editor && result && !result.ok ? result.error : null} success={saved} />
      {editor ? (
        <TemplateEditor key={`${editor.kind}:${editor.version}`} editor={editor} result={result} canEdit={canEdit} />
      ) : (
        <>
          <TemplateList templates={templates} />
          <OutboxList messages={messages} transport={transport} />
        </>
      )}
    </AdminPage>
  );
}

function TemplateList({ templates }: { templates: TemplateRow[] }) {
  const columns: Column<TemplateRow>[] = [
    {
      key: "template",
      header: "Template",
      rowHeader: true,
      cell: (t) => (
        <Link to={`?edit=${t.kind}`} className="font-medium text-teal-800 underline dark:text-teal-300">
          {t.label}
        </Link>
      ),
    },
    { key: "when", header: "Sent", cell: (t) => <span className="text-sm">{t.when}</span> },
    {
      key: "wording",
      header: "Wording",
      cell: (t) =>
        t.customised ? (
          <span className="text-sm">
            Edited{t.updatedBy ? ` by ${t.updatedBy}` : ""}
            {t.updatedAt ? (
              <>
                {" "}
                on <time dateTime={t.updatedAt}>{dateTime.format(new Date(t.updatedAt))}</time>
              </>
            ) : null}
          </span>
        ) : (
          <span className="text-sm text-slate-600 dark:text-slate-300">Default</span>
        ),
    },
  ];
  return (
    <Panel title="Templates" description="Choose a template to edit its words, preview it with sample values, send yourself a test, or restore the default.">
      <DataTable caption="Email templates" rows={templates} rowKey={(t) => t.kind} columns={columns} />
    </Panel>
  );
}

/** One template: subject and body with its variables; Save, Preview and Send test post the same form. */
function TemplateEditor({ editor, result, canEdit }: { editor: Editor; result: Result; canEdit: boolean }) {
  const schema = useMemo(() => templateForm(editor.kind), [editor.kind]);
  const { errors, onSubmit } = useSchemaForm(schema, result && !result.ok ? result.fieldErrors : undefined);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = result?.values ?? editor.values;
  const v = (name: string) => (values as Record<string, string>)[name] ?? "";
  const base = `?edit=${editor.kind}`;

  // With script, the preview follows the typing (a short pause after the last key); without it, the Preview button does the same.
  const live = useFetcher<Result>();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [liveProblem, setLiveProblem] = useState<string | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useEffect(() => {
    const answer = live.data;
    if (!answer) return;
    setLiveProblem(answer.ok ? null : Object.values(answer.fieldErrors ?? {})[0] ?? answer.error);
  }, [live.data]);
  const onInput = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (formRef.current) void live.submit(formRef.current, { method: "post", action: `${base}&do=preview` });
    }, 400);
  };
  const preview = (live.data?.ok ? live.data.preview : null) ?? (result?.ok ? result.preview : null) ?? editor.preview;

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <Form ref={formRef} method="post" action={`${base}&do=save`} noValidate onSubmit={onSubmit} onInput={onInput} aria-label={`Edit the ${editor.label} template`}>
        <Panel title={`${editor.label} template`} description={editor.when}>
          {result && !result.ok ? <FormMessage error={result.error} /> : null}
          {result?.ok ? <FormMessage success={result.message} /> : null}
          <input type="hidden" name="version" value={editor.version} />
          <div className="mt-4 space-y-4">
            <TextField label="Subject" name="subject" defaultValue={v("subject")} error={errors.subject} autoComplete="off" readOnly={!canEdit} />
            <TextAreaField
              label="Body"
              name="body"
              rows={14}
              defaultValue={v("body")}
              error={errors.body}
              readOnly={!canEdit}
              hint="Plain text. A blank line starts a new paragraph. The main link becomes a button under the body, and the shop's footer is added."
            />
            <div>
              <h3 className="text-sm font-medium">Variables you can use</h3>
              <ul className="mt-1 flex flex-wrap gap-2" aria-label="Variables you can use">
                {editor.variables.map((name) => (
                  <li key={name}>
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100">{`{{${name}}}`}</code>
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex flex-wrap items-end gap-3">
              {canEdit ? (
                <Button type="submit" variant="primary" disabled={busy}>
                  Save template
                </Button>
              ) : null}
              <Button type="submit" formAction={`${base}&do=preview`} disabled={busy}>
                Preview
              </Button>
            </div>
            {canEdit ? (
              <div className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
                <TextField label="Send a test to" name="to" type="email" defaultValue={v("to")} error={errors.to} autoComplete="email" className="min-w-64 flex-1" hint="The words above, with sample values." />
                <Button type="submit" formAction={`${base}&do=test`} disabled={busy}>
                  Send test
                </Button>
              </div>
            ) : null}
          </div>
        </Panel>
      </Form>
      <div className="space-y-6">
        <Panel title="Preview" description="With sample values, as a shopper's mail app shows it.">
          <p className="text-sm" aria-live="polite">
            {liveProblem ? <span className="text-red-700 dark:text-red-300">{liveProblem}</span> : null}
          </p>
          <p className="mt-2 text-sm">
            <span className="font-medium">Subject:</span> {preview.subject}
          </p>
          {/* The frame keeps the mail's own layout apart from the page's styles. Its HTML is the shop's renderer's, every value escaped
              text, so it holds no script; a script-less sandbox is left off because tools that read frames (axe) hang on one. */}
          <iframe title={`Preview of the ${editor.label} mail`} srcDoc={preview.html} className="mt-3 h-[32rem] w-full rounded-md border border-slate-200 bg-white dark:border-slate-700" />
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium text-teal-800 dark:text-teal-300">Plain-text part</summary>
            <pre className="mt-2 text-sm whitespace-pre-wrap">{preview.text}</pre>
          </details>
        </Panel>
        {canEdit ? (
          <Panel title="Default wording" description={editor.customised ? "This template has your own words." : "This template uses the shop's default words."}>
            <ConfirmDialog
              triggerLabel="Restore default"
              title={`Restore the default ${editor.label} template?`}
              description="Your subject and body are replaced by the shop's default words. Mails sent from now on use them."
              confirmLabel="Restore default"
              action={`${base}&do=restore`}
              hidden={{ version: editor.version }}
              destructive
              disabled={!editor.customised}
            />
          </Panel>
        ) : null}
      </div>
    </div>
  );
}

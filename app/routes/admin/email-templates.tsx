import { redirect } from "react-router";
import { EmailTemplatesScreen } from "~/components/admin/email-templates/email-templates-screen";
import { fail, formValues, refusedWithValues, savedMessage } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { fieldErrors } from "~/lib/form-errors";
import { allowedVariables, isTemplateKind, TEMPLATE_KINDS, TEMPLATE_SPECS, templateForm, testAddressForm } from "~/modules/mail/mail";
import { getTemplate, listOutbox, listTemplates, previewTemplate, restoreTemplate, saveTemplate } from "~/modules/mail/mail.server";
import { requireOperation, requirePagePermission } from "~/modules/staff/staff.server";
import { can, holds } from "~/modules/staff/staff";
import type { Route } from "./+types/email-templates";

// /admin/email-templates: the shop's mails as editable templates, and the outbox. ?edit=<kind>
// opens one template with its variables and a preview filled with sample values. Each form posts
// to ?do=<what>, so the permission it needs is checked before the body is read.

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "email_templates");
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  const { db, config } = context.services;
  const kind = isTemplateKind(edit) ? edit : null;
  const [templates, rows, editing] = await Promise.all([listTemplates(db), kind ? Promise.resolve([]) : listOutbox(db, { limit: 100 }), kind ? getTemplate(db, kind) : null]);
  // Messages may carry password links: only a super_admin, or the addressee, reads the body.
  const superAdmin = holds(staff.roles, "read_any_mail");
  return {
    canEdit: can(staff.roles, "email_templates", "edit"),
    templates: templates.map((t) => ({
      kind: t.kind,
      label: TEMPLATE_SPECS[t.kind].label,
      when: TEMPLATE_SPECS[t.kind].when,
      customised: t.customised,
      updatedAt: t.updatedAt?.toISOString() ?? null,
      updatedBy: t.updatedBy,
    })),
    editor:
      kind && editing
        ? {
            kind,
            label: TEMPLATE_SPECS[kind].label,
            when: TEMPLATE_SPECS[kind].when,
            version: editing.version,
            customised: editing.customised,
            values: { subject: editing.subject, body: editing.body },
            variables: allowedVariables(kind),
            preview: await previewTemplate(db, config.publicUrl, kind, editing),
          }
        : null,
    editingMissing: edit !== null && !kind,
    transport: context.services.mailer.transport,
    messages: rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      status: m.status,
      attempts: m.attempts,
      error: m.error,
      createdAt: m.createdAt.toISOString(),
      body: superAdmin || m.to === staff.user.email ? m.text : null,
      hidden: m.text !== null && !(superAdmin || m.to === staff.user.email),
    })),
    saved: savedMessage(url, new RegExp(`^(${TEMPLATE_KINDS.map((k) => TEMPLATE_SPECS[k].label).join("|")}) template (saved|restored to the default)\\.$`)),
  };
}

const OPERATIONS = { save: "edit", restore: "edit", test: "edit", preview: "view" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  // Permission before the body: 401 without a session, 403 without the right, 400 for an unknown ?do=.
  const { op, actor } = await requireOperation(context.services, request, "email_templates", OPERATIONS);
  const url = new URL(request.url);
  const kind = url.searchParams.get("edit");
  if (!isTemplateKind(kind)) return fail(404, { error: "There is no such email template." });
  const form = await request.formData();
  const values = formValues(form);
  const { db, config, mailer } = context.services;
  const version = Number(form.get("version"));
  if ((op === "save" || op === "restore") && (!Number.isInteger(version) || version < 0)) {
    return fail(400, { error: "The form is missing its version — reload the page.", values });
  }
  // A stale version (409) or a word the template does not know (400) is refused with what was
  // typed; a change made redirects, so a reload does not post it again.
  const changeThenShow = async (change: () => Promise<{ message: string }>) => {
    let message: string;
    try {
      ({ message } = await change());
    } catch (error) {
      return refusedWithValues(error, undefined, values);
    }
    throw redirect(`/admin/email-templates?edit=${kind}&saved=${encodeURIComponent(message)}`);
  };
  if (op === "restore") return changeThenShow(() => restoreTemplate(db, actor, kind, version));
  // Save, preview and test all start from the words in the form, checked by the editor's one schema.
  const parsed = templateForm(kind).safeParse(values);
  if (!parsed.success) return fail(400, { error: "Please correct the highlighted fields.", fieldErrors: fieldErrors(parsed.error), values });
  switch (op) {
    case "save":
      return changeThenShow(() => saveTemplate(db, actor, kind, parsed.data, version));
    case "preview":
      return { ok: true as const, message: "Preview updated.", values, preview: await previewTemplate(db, config.publicUrl, kind, parsed.data) };
    case "test": {
      const to = testAddressForm.safeParse({ to: values.to ?? "" });
      if (!to.success) return fail(400, { error: "Enter an email address to send the test to.", fieldErrors: { to: "Enter an email address to send the test to." }, values });
      // What is in the editor, saved or not, with the sample values: a test shows the draft.
      const mail = await previewTemplate(db, config.publicUrl, kind, parsed.data);
      await mailer.send({ to: to.data.to, subject: `[Test] ${mail.subject}`, text: mail.text, html: mail.html }, { kind });
      return { ok: true as const, message: `Test mail sent to ${to.data.to}.`, values, preview: mail };
    }
  }
}

export const meta: Route.MetaFunction = () => adminMeta("Email Templates");

export default function EmailTemplatesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EmailTemplatesScreen {...loaderData} result={actionData && (!actionData.ok || "preview" in actionData) ? actionData : undefined} />;
}

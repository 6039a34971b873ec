import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/types";
import { RejectedInputError, StaleRecordError } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { getSetting } from "~/modules/settings/settings.server";
import { emailTemplates } from "./schema";
import type { RenderedMail, TemplateWords } from "./template-render.server";
import { sampleData, TEMPLATE_KINDS, TEMPLATE_SPECS, templateForm, type TemplateFormValues, type TemplateKind } from "./templates";

// The staff's wording of each template, over the defaults in code: read, saved (only from the
// version the editor showed, with its audit row in the same transaction), restored to the default.

/**
 * A template's words made into a mail. The renderer (React Email's components, one of which
 * brings a syntax highlighter that builds its grammars on load) is loaded with the first mail,
 * not with the shop: every start of the process, and every restart, was paying for it.
 */
export async function renderWords(kind: TemplateKind, words: TemplateWords, data: Readonly<Record<string, string>>): Promise<RenderedMail> {
  const renderer = await import("./template-render.server");
  return renderer.renderWords(kind, words, data);
}

export type TemplateState = TemplateWords & { kind: TemplateKind; version: number; customised: boolean; updatedAt: Date | null; updatedBy: string | null };

type Row = typeof emailTemplates.$inferSelect;

function stateOf(kind: TemplateKind, row: Row | undefined): TemplateState {
  const spec = TEMPLATE_SPECS[kind];
  const customised = row?.subject != null && row.body != null;
  return {
    kind,
    subject: customised ? row!.subject! : spec.subject,
    body: customised ? row!.body! : spec.body,
    // No row yet reads as version 0: the first save inserts it, and two first saves cannot both win.
    version: row?.version ?? 0,
    customised,
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

export async function getTemplate(db: DbOrTx, kind: TemplateKind): Promise<TemplateState> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.kind, kind));
  return stateOf(kind, row);
}

export async function listTemplates(db: Db): Promise<TemplateState[]> {
  const rows = await db.select().from(emailTemplates);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return TEMPLATE_KINDS.map((kind) => stateOf(kind, byKind.get(kind)));
}

/** A saved template's message and new version; a stale version or an unknown variable is refused (thrown). */
export type TemplateSaveResult = { message: string; version: number };

const stale = () => new StaleRecordError("This template", { message: "This template was changed by someone else since you opened it — reload to see the current version." });

/** Takes the row's lock (creating it if missing), refuses a stale version, then applies `change`. */
async function changeTemplate(
  db: Db,
  actor: AuditActor,
  kind: TemplateKind,
  expectedVersion: number,
  action: string,
  change: TemplateWords | null,
  message: string,
): Promise<TemplateSaveResult> {
  return db.transaction(async (tx): Promise<TemplateSaveResult> => {
    await tx.insert(emailTemplates).values({ kind, version: 0 }).onConflictDoNothing({ target: emailTemplates.kind });
    const [row] = await tx.select().from(emailTemplates).where(eq(emailTemplates.kind, kind)).for("update");
    if (!row || row.version !== expectedVersion) throw stale();
    const before = stateOf(kind, row);
    const [after] = await tx
      .update(emailTemplates)
      .set({ subject: change?.subject ?? null, body: change?.body ?? null, version: sql`${emailTemplates.version} + 1`, updatedBy: actor.email })
      .where(eq(emailTemplates.kind, kind))
      .returning({ version: emailTemplates.version });
    await recordAudit(tx, {
      actor,
      module: "email_templates",
      action,
      targetId: kind,
      before: { subject: before.subject, body: before.body, customised: before.customised },
      after: change ? { subject: change.subject, body: change.body, customised: true } : { customised: false },
    });
    return { message, version: after!.version };
  });
}

/** Staff's new wording; an unknown variable is refused with its name, and nothing is saved. */
export async function saveTemplate(db: Db, actor: AuditActor, kind: TemplateKind, input: TemplateFormValues, expectedVersion: number): Promise<TemplateSaveResult> {
  const parsed = templateForm(kind).safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    throw new RejectedInputError(fieldErrors, Object.values(fieldErrors)[0] ?? "Please correct the template.");
  }
  // A template saved unchanged from the default is still recorded: staff chose these words.
  return changeTemplate(db, actor, kind, expectedVersion, "template_save", parsed.data, `${TEMPLATE_SPECS[kind].label} template saved.`);
}

export async function restoreTemplate(db: Db, actor: AuditActor, kind: TemplateKind, expectedVersion: number): Promise<TemplateSaveResult> {
  return changeTemplate(db, actor, kind, expectedVersion, "template_restore", null, `${TEMPLATE_SPECS[kind].label} template restored to the default.`);
}

/** The shop's own values every template may use. */
export async function shopValues(db: DbOrTx, publicUrl: string): Promise<Record<string, string>> {
  const contact = await getSetting(db, "store_contact");
  return { "shop.name": contact.store_name, "shop.phone": contact.phone, "shop.email": contact.email, "shop.url": publicUrl };
}

/** The mail of `kind` for these values, in the staff's current wording. */
export async function renderTemplate(db: DbOrTx, publicUrl: string, kind: TemplateKind, data: Readonly<Record<string, string>>): Promise<RenderedMail> {
  const [words, shop] = await Promise.all([getTemplate(db, kind), shopValues(db, publicUrl)]);
  return renderWords(kind, words, { ...shop, ...data });
}

/** A draft (or the saved words) with the sample values and the shop's real details, for the editor's preview. */
export async function previewTemplate(db: DbOrTx, publicUrl: string, kind: TemplateKind, words: TemplateWords): Promise<RenderedMail> {
  return renderWords(kind, words, { ...sampleData(kind), ...(await shopValues(db, publicUrl)) });
}

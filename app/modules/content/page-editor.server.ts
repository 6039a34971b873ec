import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { renderMarkdown, withoutLeadingH1 } from "~/lib/markdown.server";
import { outcomeOf, StaleRecordError, type SaveOutcome } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/events.server";
import { notifyContentChanged } from "./content-events.server";
import { CONTENT_PAGE_SLUGS, type ContentPageSlug } from "./pages.server";
import { contentPages } from "./schema";

// Staff editing of the storefront's Markdown pages. A page missing from the table is edited from
// an empty form (version 0) and created on its first save.

export type EditablePage = { slug: ContentPageSlug; title: string; bodyMarkdown: string; seoDescription: string; version: number; updatedAt: string | null };

export async function listPagesForEdit(db: Db): Promise<EditablePage[]> {
  const rows = await db.select().from(contentPages);
  return CONTENT_PAGE_SLUGS.map((slug) => {
    const row = rows.find((r) => r.slug === slug);
    return {
      slug,
      title: row?.title ?? "",
      bodyMarkdown: row?.bodyMarkdown ?? "",
      seoDescription: row?.seoDescription ?? "",
      version: row?.version ?? 0,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
}

export async function loadPageForEdit(db: Db, slug: ContentPageSlug): Promise<EditablePage> {
  return (await listPagesForEdit(db)).find((p) => p.slug === slug)!;
}

/** The preview shows exactly what the storefront page will: the same renderer and sanitiser. */
export function previewMarkdown(markdown: string): string {
  return renderMarkdown(withoutLeadingH1(markdown));
}

export async function saveContentPage(
  services: { db: Db; events: EventBus },
  actor: AuditActor,
  slug: ContentPageSlug,
  input: { title: string; bodyMarkdown: string; seoDescription: string },
  expectedVersion: number,
): Promise<SaveOutcome> {
  const what = "This page";
  const outcome = await outcomeOf(() =>
    services.db.transaction(async (tx) => {
      const [before] = await tx.select().from(contentPages).where(eq(contentPages.slug, slug));
      let version: number;
      if (!before) {
        if (expectedVersion !== 0) throw new StaleRecordError(what);
        const [row] = await tx.insert(contentPages).values({ slug, ...input }).onConflictDoNothing().returning({ id: contentPages.id, version: contentPages.version });
        if (!row) throw new StaleRecordError(what);
        version = row.version;
        await recordAudit(tx, { actor, module: "content", action: "create", targetId: row.id, after: { slug, ...input } });
      } else {
        const [row] = await tx
          .update(contentPages)
          .set({ ...input, version: sql`${contentPages.version} + 1`, updatedAt: new Date() })
          .where(and(eq(contentPages.id, before.id), eq(contentPages.version, expectedVersion)))
          .returning({ version: contentPages.version });
        if (!row) throw new StaleRecordError(what);
        version = row.version;
        await recordAudit(tx, {
          actor,
          module: "content",
          action: "edit",
          targetId: before.id,
          before: { slug, title: before.title, bodyMarkdown: before.bodyMarkdown, seoDescription: before.seoDescription },
          after: { slug, ...input },
        });
      }
      return { message: "Page saved.", version };
    }),
  );
  if (outcome.ok) await notifyContentChanged(services.events, "page");
  return outcome;
}

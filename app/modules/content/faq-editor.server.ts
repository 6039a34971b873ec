import { asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "~/db/types";
import { outcomeOf, RejectedInputError, StaleRecordError, type SaveOutcome } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/event-bus.server";
import { notifyContentChanged } from "./content-events.server";
import { faqItems } from "./schema";

// The home page FAQ, edited as one ordered list. faq_items has no version column, so the list as
// loaded (ids, texts, order) is its revision: a save against a list someone else changed is refused.

export type FaqDraft = { id?: string; question: string; answer: string };

async function currentItems(db: Pick<Db, "select">) {
  return db
    .select({ id: faqItems.id, question: faqItems.question, answer: faqItems.answer, updatedAt: faqItems.updatedAt })
    .from(faqItems)
    .orderBy(asc(faqItems.sortOrder), asc(faqItems.createdAt));
}

function revisionOf(items: { id: string; updatedAt: Date }[]): string {
  return items.map((i) => `${i.id}@${i.updatedAt.getTime()}`).join(",");
}

/** The question ids a revision names (what the editor loaded; the save checks it is still current). */
export function loadedFaqIds(revision: string): string[] {
  return revision ? revision.split(",").map((part) => part.split("@")[0]!) : [];
}

export async function loadFaqEditor(db: Db) {
  const items = await currentItems(db);
  return { items: items.map(({ id, question, answer }) => ({ id, question, answer })), revision: revisionOf(items) };
}

/** Stores the list as given: kept items are updated and renumbered, new ones inserted, missing ones deleted. */
export async function saveFaqItems(services: { db: Db; events: EventBus }, actor: AuditActor, drafts: FaqDraft[], expectedRevision: string): Promise<SaveOutcome> {
  const outcome = await outcomeOf(() =>
    services.db.transaction(async (tx) => {
      const before = await currentItems(tx);
      if (revisionOf(before) !== expectedRevision) throw new StaleRecordError("The FAQ");
      const known = new Set(before.map((i) => i.id));
      const unknown = drafts.findIndex((d) => d.id && !known.has(d.id));
      if (unknown >= 0) throw new RejectedInputError({ [`items.${unknown}.question`]: "This question no longer exists; reload the page." });
      const keep = drafts.flatMap((d) => (d.id ? [d.id] : []));
      if (before.length) await tx.delete(faqItems).where(keep.length ? notInArray(faqItems.id, keep) : inArray(faqItems.id, [...known]));
      const now = new Date();
      for (const [sortOrder, d] of drafts.entries()) {
        if (d.id) await tx.update(faqItems).set({ question: d.question, answer: d.answer, sortOrder, updatedAt: now }).where(eq(faqItems.id, d.id));
        else await tx.insert(faqItems).values({ question: d.question, answer: d.answer, sortOrder });
      }
      await recordAudit(tx, {
        actor,
        module: "content",
        action: "edit",
        targetId: "faq",
        before: { items: before.map(({ question, answer }) => ({ question, answer })) },
        after: { items: drafts.map(({ question, answer }) => ({ question, answer })) },
      });
      return { message: "FAQ saved." };
    }),
  );
  if (outcome.ok) await notifyContentChanged(services.events, "faq");
  return outcome;
}

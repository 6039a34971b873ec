import { asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "~/db/types";
import { outcomeOf, RejectedInputError, StaleRecordError, type SaveOutcome } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/events.server";
import { notifyContentChanged } from "./content-events.server";
import { faqItems } from "./schema";

// The home page FAQ, edited as one ordered list. faq_items has no version column, so the list as
// loaded (ids, texts, order) is its revision: a save against a list someone else changed is refused.

export type FaqDraft = { id?: string; question: string; answer: string; phrasings?: string[] };

/** Phrasings as staff typed them: trimmed, blank ones dropped, each once (ignoring case). */
export function cleanPhrasings(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const p = raw.replace(/\s+/g, " ").trim();
    if (!p || seen.has(p.toLowerCase())) continue;
    seen.add(p.toLowerCase());
    out.push(p);
  }
  return out;
}

/** At most this many "other ways shoppers ask this" per FAQ entry, each at most 300 characters. */
export const MAX_PHRASINGS = 30;
export const MAX_PHRASING_LENGTH = 300;

async function currentItems(db: Pick<Db, "select">) {
  return db
    .select({ id: faqItems.id, question: faqItems.question, answer: faqItems.answer, phrasings: faqItems.phrasings, updatedAt: faqItems.updatedAt })
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
  return { items: items.map(({ id, question, answer, phrasings }) => ({ id, question, answer, phrasings })), revision: revisionOf(items) };
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
        const phrasings = cleanPhrasings(d.phrasings ?? []);
        if (d.id) await tx.update(faqItems).set({ question: d.question, answer: d.answer, phrasings, sortOrder, updatedAt: now }).where(eq(faqItems.id, d.id));
        else await tx.insert(faqItems).values({ question: d.question, answer: d.answer, phrasings, sortOrder });
      }
      await recordAudit(tx, {
        actor,
        module: "content",
        action: "edit",
        targetId: "faq",
        before: { items: before.map(({ question, answer, phrasings }) => ({ question, answer, phrasings })) },
        after: { items: drafts.map(({ question, answer, phrasings }) => ({ question, answer, phrasings: cleanPhrasings(phrasings ?? []) })) },
      });
      return { message: "FAQ saved." };
    }),
  );
  if (outcome.ok) await notifyContentChanged(services.events, "faq");
  return outcome;
}

// Teaching the support bot from a chat: staff turn a shopper's question and their own reply into
// a new FAQ entry, or add the question to an entry as another way of asking it.

export type FaqChoice = { id: string; question: string };

/** The FAQ's questions in order, for choosing the entry a phrasing belongs to. */
export async function listFaqChoices(db: Db): Promise<FaqChoice[]> {
  return (await currentItems(db)).map(({ id, question }) => ({ id, question }));
}

/** Adds an entry at the end of the FAQ (the home page shows it too), audited. */
export async function addFaqItem(services: { db: Db; events: EventBus }, actor: AuditActor, input: { question: string; answer: string }): Promise<SaveOutcome> {
  const question = input.question.replace(/\s+/g, " ").trim();
  const answer = input.answer.trim();
  const outcome = await outcomeOf(() =>
    services.db.transaction(async (tx) => {
      if (!question || question.length > 300) throw new RejectedInputError({ question: "Enter the question (at most 300 characters)." });
      if (!answer || answer.length > 3000) throw new RejectedInputError({ answer: "Enter the answer (at most 3000 characters)." });
      const items = await currentItems(tx);
      if (items.length >= 30) throw new RejectedInputError({ question: "The FAQ has 30 questions already: add this as another way of asking one of them." });
      const [row] = await tx.insert(faqItems).values({ question, answer, sortOrder: items.length }).returning({ id: faqItems.id });
      await recordAudit(tx, { actor, module: "content", action: "create", targetId: `faq:${row!.id}`, before: {}, after: { question, answer } });
      return { message: `Added to the FAQ: “${question}”.` };
    }),
  );
  if (outcome.ok) await notifyContentChanged(services.events, "faq");
  return outcome;
}

/** Adds "another way shoppers ask this" to an FAQ entry, audited; the bot matches it at once. */
export async function addFaqPhrasing(services: { db: Db; events: EventBus }, actor: AuditActor, faqId: string, rawPhrasing: string): Promise<SaveOutcome> {
  const phrasing = rawPhrasing.replace(/\s+/g, " ").trim();
  const outcome = await outcomeOf(() =>
    services.db.transaction(async (tx) => {
      if (!phrasing || phrasing.length > MAX_PHRASING_LENGTH) throw new RejectedInputError({ phrasing: `Enter the phrasing (at most ${MAX_PHRASING_LENGTH} characters).` });
      const [item] = await tx.select().from(faqItems).where(eq(faqItems.id, faqId)).for("update");
      if (!item) throw new RejectedInputError({ faqId: "That FAQ entry no longer exists; reload the page." });
      const phrasings = cleanPhrasings([...item.phrasings, phrasing]);
      if (phrasings.length > MAX_PHRASINGS) throw new RejectedInputError({ phrasing: `An entry can have at most ${MAX_PHRASINGS} other phrasings.` });
      await tx.update(faqItems).set({ phrasings, updatedAt: new Date() }).where(eq(faqItems.id, faqId));
      await recordAudit(tx, { actor, module: "content", action: "edit", targetId: `faq:${faqId}`, before: { phrasings: item.phrasings }, after: { phrasings } });
      return { message: `Added as another way of asking “${item.question}”.` };
    }),
  );
  if (outcome.ok) await notifyContentChanged(services.events, "faq");
  return outcome;
}

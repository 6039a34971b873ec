import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { outcomeOf, RejectedInputError, StaleRecordError, type SaveOutcome } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/events.server";
import { notifyCatalogChanged } from "./catalog-events.server";
import { products } from "./schema";

// The best-seller set and its order (products.is_best_seller, products.sort_order), edited from
// Merchandising. The storefront lists active best sellers by sort_order, then newest first.

export type BestSellerRow = { id: string; title: string; status: "draft" | "active" | "archived" };

/** The set in storefront order, every other product (to add), and a revision naming the set as loaded. */
export async function loadBestSellerEditor(db: Db) {
  const rows = await db
    .select({ id: products.id, title: products.title, status: products.status, isBestSeller: products.isBestSeller })
    .from(products)
    .orderBy(asc(products.sortOrder), desc(products.createdAt), asc(products.id));
  const current = rows.filter((r) => r.isBestSeller).map(({ id, title, status }) => ({ id, title, status }));
  const others = rows.filter((r) => !r.isBestSeller).map(({ id, title, status }) => ({ id, title, status }));
  others.sort((a, b) => a.title.localeCompare(b.title));
  return { current, others, revision: revisionOf(current.map((r) => r.id)) };
}

// The ids in order stand for the set: another editor's save changes them (membership or order).
const revisionOf = (ids: string[]) => ids.join(",");

/**
 * Makes exactly these products the best sellers, in this order (sort_order 0, 1, ...); the
 * products dropped from the set stop being best sellers. Refused when the set changed since the
 * editor loaded it (`expectedRevision`).
 */
export async function saveBestSellers(services: { db: Db; events: EventBus }, actor: AuditActor, orderedIds: string[], expectedRevision: string): Promise<SaveOutcome> {
  const outcome = await outcomeOf(() =>
    services.db.transaction(async (tx) => {
      const before = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.isBestSeller, true))
        .orderBy(asc(products.sortOrder), desc(products.createdAt), asc(products.id))
        .for("update");
      const beforeIds = before.map((r) => r.id);
      if (revisionOf(beforeIds) !== expectedRevision) throw new StaleRecordError("The best-seller list");
      if (orderedIds.length) {
        const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, orderedIds));
        if (found.length !== new Set(orderedIds).size) throw new RejectedInputError({ productIds: "A product in the list no longer exists." });
      }
      for (const [i, id] of orderedIds.entries()) {
        await tx
          .update(products)
          .set({ isBestSeller: true, sortOrder: i, version: sql`${products.version} + 1`, updatedAt: new Date() })
          .where(eq(products.id, id));
      }
      await tx
        .update(products)
        .set({ isBestSeller: false, version: sql`${products.version} + 1`, updatedAt: new Date() })
        .where(and(eq(products.isBestSeller, true), orderedIds.length ? notInArray(products.id, orderedIds) : undefined));
      await recordAudit(tx, { actor, module: "merchandising", action: "edit", targetId: "best_sellers", before: { bestSellers: beforeIds }, after: { bestSellers: orderedIds } });
      return { message: "Best sellers saved." };
    }),
  );
  if (outcome.ok) await notifyCatalogChanged(services.events, null);
  return outcome;
}

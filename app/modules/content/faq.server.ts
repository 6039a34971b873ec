import { asc } from "drizzle-orm";
import type { Db } from "~/db/types";
import { getSetting } from "~/modules/settings/settings.server";
import { faqItems } from "./schema";
import { withWarranty } from "./warranty";

export type FaqItem = { id: string; question: string; answer: string };

/** The home page FAQ, in its sort order, with the current warranty statement filled in. */
export async function listFaqItems(db: Db): Promise<FaqItem[]> {
  const [rows, warranty] = await Promise.all([
    db
      .select({ id: faqItems.id, question: faqItems.question, answer: faqItems.answer })
      .from(faqItems)
      .orderBy(asc(faqItems.sortOrder), asc(faqItems.createdAt)),
    getSetting(db, "warranty"),
  ]);
  return rows.map((row) => ({ ...row, question: withWarranty(row.question, warranty.period), answer: withWarranty(row.answer, warranty.period) }));
}

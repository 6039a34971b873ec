import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/types";
import { z } from "zod";
import { menus, type MenuItem } from "./schema";

/**
 * The active header menu's items (the one active row of type header), cleaned;
 * null when there is none or it has no usable entries, so the caller shows the fallback menu.
 */
export async function getHeaderMenu(db: Db): Promise<MenuItem[] | null> {
  const [row] = await db
    .select({ items: menus.items })
    .from(menus)
    .where(and(eq(menus.type, "header"), eq(menus.isActive, true)))
    .orderBy(desc(menus.updatedAt))
    .limit(1);
  const items = normaliseMenu(row?.items);
  return items.length ? items : null;
}

const url = z.string().trim().min(1).max(500);
const label = z.string().trim().min(1).max(80);
const link = z.object({ label, url, order: z.number().catch(0) });
const simple = z.object({ id: z.string().min(1), order: z.number().catch(0), type: z.literal("simple"), label, url });
const mega = z.object({
  id: z.string().min(1),
  order: z.number().catch(0),
  type: z.literal("megamenu"),
  label,
  url: url.optional(),
  sections: z.array(z.object({ title: z.string().trim().max(80), links: z.array(z.unknown()) })),
});

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

/** Keeps the well-formed entries in order; a malformed entry or link is dropped, not fatal. */
export function normaliseMenu(raw: unknown): MenuItem[] {
  if (!Array.isArray(raw)) return [];
  const items: MenuItem[] = [];
  for (const entry of raw) {
    const s = simple.safeParse(entry);
    if (s.success) {
      items.push(s.data);
      continue;
    }
    const m = mega.safeParse(entry);
    if (!m.success) continue;
    const sections = m.data.sections
      .map((section) => ({
        title: section.title,
        links: section.links.flatMap((l) => {
          const parsed = link.safeParse(l);
          return parsed.success ? [parsed.data] : [];
        }).sort(byOrder),
      }))
      .filter((section) => section.links.length > 0);
    items.push({ ...m.data, sections });
  }
  return items.sort(byOrder);
}

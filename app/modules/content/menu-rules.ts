import { z } from "zod";
import type { MenuItem } from "./schema";

// The header menu's shape (spec section 3) and the fallback when none is loaded (section 2).
export const FALLBACK_MENU: MenuItem[] = [
  { id: "fallback-bottles", order: 1, type: "simple", label: "Water Bottles", url: "/bottles" },
  { id: "fallback-tumblers", order: 2, type: "simple", label: "Tumblers", url: "/tumblers" },
  { id: "fallback-accessories", order: 3, type: "simple", label: "Accessories", url: "/accessories" },
  { id: "fallback-all", order: 4, type: "simple", label: "All Products", url: "/category/all-products" },
];

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

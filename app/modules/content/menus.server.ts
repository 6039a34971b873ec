import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/types";
import { normaliseMenu } from "./menu-rules";
import { menus } from "./schema";

/**
 * The active header menu's items (spec section 7: type header, is_active, one row), cleaned;
 * null when there is none or it has no usable entries, so the caller shows the fallback menu.
 */
export async function getHeaderMenu(db: Db): Promise<ReturnType<typeof normaliseMenu> | null> {
  const [row] = await db
    .select({ items: menus.items })
    .from(menus)
    .where(and(eq(menus.type, "header"), eq(menus.isActive, true)))
    .orderBy(desc(menus.updatedAt))
    .limit(1);
  const items = normaliseMenu(row?.items);
  return items.length ? items : null;
}

import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/types";
import { mediaUrl } from "~/modules/media/media";
import { normaliseShowOnPages, type PopupView } from "./popup-rules";
import { popups } from "./schema";

/** The active popup (at most one is active), or null. */
export async function getActivePopup(db: Db): Promise<PopupView | null> {
  const [row] = await db.select().from(popups).where(eq(popups.isActive, true)).orderBy(desc(popups.updatedAt)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    emailCollection: row.emailCollection,
    consentText: row.consentText?.trim() || null,
    ctaText: row.ctaText,
    ctaLink: row.ctaLink?.trim() || null,
    imageUrl: row.imageUrl ? mediaUrl(row.imageUrl, { width: 480, height: 480, quality: 85, format: "webp" }) : null,
    showFrequency: row.showFrequency,
    delaySeconds: row.delaySeconds,
    showOnPages: normaliseShowOnPages(row.showOnPages),
  };
}

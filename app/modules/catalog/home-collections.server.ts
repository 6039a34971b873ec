import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/types";
import { mediaUrl } from "~/modules/media/media";
import { media } from "~/modules/media/media.server";
import { collections } from "./schema";
import type { CollectionCardView } from "./card-types";

export type CollectionCard = CollectionCardView;

const HERO = { width: 800, height: 600, quality: 90, format: "webp" } as const;

/** Active collections by sort order with their hero image (800x600 webp q90), for the home scroller. */
export async function listCollectionCards(db: Db): Promise<CollectionCard[]> {
  const rows = await db
    .select({ id: collections.id, name: collections.name, slug: collections.slug, fileUrl: media.fileUrl })
    .from(collections)
    .leftJoin(media, eq(media.id, collections.heroImageId))
    .where(and(eq(collections.isActive, true)))
    .orderBy(asc(collections.sortOrder), asc(collections.name));
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, image: r.fileUrl ? mediaUrl(r.fileUrl, HERO) : null }));
}

import { desc, sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { media } from "./schema";

export type PickableImage = { fileUrl: string; alt: string };

/** The most recent stored images (one row per file), for pickers such as the popup editor's. */
export async function listRecentImages(db: Db, limit = 60): Promise<PickableImage[]> {
  return db
    .selectDistinctOn([media.fileUrl], { fileUrl: media.fileUrl, alt: media.alt, createdAt: media.createdAt })
    .from(media)
    .where(sql`${media.fileUrl} !~* '^https?://'`)
    .orderBy(media.fileUrl, desc(media.createdAt))
    .limit(limit)
    .then((rows) => rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map(({ fileUrl, alt }) => ({ fileUrl, alt })));
}

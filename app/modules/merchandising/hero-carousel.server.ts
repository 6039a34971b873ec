import type { Db } from "~/db/types";
import { outcomeOf, refusalOf, RejectedInputError, StaleRecordError, type SaveOutcome } from "~/lib/save-outcome";
import type { AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/events.server";
import { findImage, listPickableImages, recordSiteImage, storeSiteImageFile, type MediaStorage } from "~/modules/media/media.server";
import { publishSettingChanged, readSettingForEdit, saveSettingChecked } from "~/modules/settings/settings.server";

// The home hero's slides (setting hero_carousel_images: url, alt). While the list is empty the
// storefront shows its five bundled defaults (routes/home.tsx).

export type HeroImage = { url: string; alt: string };
const WHAT = "The hero carousel";
const KEY = "hero_carousel_images";

export async function loadHeroEditor(db: Db) {
  const [{ value, version }, pickable] = await Promise.all([readSettingForEdit(db, KEY), listPickableImages(db)]);
  return { images: value, version, pickable };
}

type Services = { db: Db; events: EventBus; storage: MediaStorage };
type NewSlide = { alt: string; expectedVersion: number } & ({ mediaId: string } | { file: { fileName: string; declaredType: string; bytes: Uint8Array } });

/** Appends an uploaded or an existing image as the last slide. */
export async function addHeroImage(services: Services, actor: AuditActor, slide: NewSlide): Promise<SaveOutcome> {
  let stored: Awaited<ReturnType<typeof storeSiteImageFile>> | null = null;
  if ("file" in slide) {
    try {
      stored = await storeSiteImageFile(services.storage, slide.file);
    } catch (error) {
      // The file's own problem shows beside the file field; its status comes from the shared mapping.
      const refusal = refusalOf(error);
      if (refusal) return { ...refusal, fieldErrors: { file: refusal.error } };
      throw error;
    }
  }
  try {
    const outcome = await outcomeOf(() =>
      services.db.transaction(async (tx) => {
        let url: string;
        if (stored) url = (await recordSiteImage(tx, stored, slide.alt)).fileUrl;
        else {
          const image = await findImage(tx, (slide as { mediaId: string }).mediaId);
          if (!image) throw new RejectedInputError({ mediaId: "That image no longer exists." });
          url = image.fileUrl;
        }
        const { value } = await readSettingForEdit(tx, KEY);
        const version = await saveSettingChecked(tx, { key: KEY, value: [...value, { url, alt: slide.alt }], expectedVersion: slide.expectedVersion, actor, module: "merchandising", what: WHAT });
        return { message: "Image added to the carousel.", version };
      }),
    );
    if (!outcome.ok && stored) await services.storage.remove(stored.name).catch(() => {});
    if (outcome.ok) await publishSettingChanged(services.events, KEY);
    return outcome;
  } catch (error) {
    if (stored) await services.storage.remove(stored.name).catch(() => {});
    throw error;
  }
}

/**
 * Saves the slides' order, alt texts and removals. It cannot add: every url must already be a
 * slide (adding goes through addHeroImage, which checks the image exists).
 */
export async function saveHeroImages(services: Pick<Services, "db" | "events">, actor: AuditActor, images: HeroImage[], expectedVersion: number): Promise<SaveOutcome> {
  const outcome = await outcomeOf(() =>
    services.db.transaction(async (tx) => {
      const { value, version: current } = await readSettingForEdit(tx, KEY);
      if (current !== expectedVersion) throw new StaleRecordError(WHAT);
      const known = new Set(value.map((i) => i.url));
      const unknown = images.findIndex((i) => !known.has(i.url));
      if (unknown >= 0) throw new RejectedInputError({ [`images.${unknown}.url`]: "That image is not in the carousel; add it first." });
      const version = await saveSettingChecked(tx, { key: KEY, value: images, expectedVersion, actor, module: "merchandising", what: WHAT });
      return { message: images.length ? "Carousel saved." : "Carousel emptied: the storefront shows its default images.", version };
    }),
  );
  if (outcome.ok) await publishSettingChanged(services.events, KEY);
  return outcome;
}

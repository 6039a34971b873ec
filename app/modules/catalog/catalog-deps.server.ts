import type { Db } from "~/db/types";
import type { EventBus } from "~/modules/events/events.server";
import type { MediaStorage } from "~/modules/media/media.server";

/** What the catalog's back-office faces need from the process (the composition root's services satisfy it). */
export type CatalogDeps = { db: Db; events: EventBus; storage: MediaStorage };

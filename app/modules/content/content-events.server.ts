import type { EventBus } from "~/modules/events/events.server";
import { TOPICS } from "~/modules/events/events";

export type ContentKind = "menu" | "faq" | "page";

/**
 * After the commit: the storefront's read and page caches empty, and open home pages reload
 * (header menu, home FAQ; a page save only empties the caches).
 */
export async function notifyContentChanged(events: EventBus, kind: ContentKind): Promise<void> {
  await events.publish(TOPICS.contentChanged, { kind });
}

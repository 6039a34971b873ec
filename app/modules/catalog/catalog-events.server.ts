import type { EventBus } from "~/modules/events/events.server";
import { TOPICS } from "~/modules/events/events";

/**
 * Call after committing any change to a product, its variants or its media (create, edit,
 * status change, delete, image upload/reorder). Open storefront home pages reload their lists
 * (server/app.ts forwards the event over /events/storefront). Publish after the transaction
 * commits, never inside it. On PostgreSQL it reaches every server process through NOTIFY.
 */
export async function notifyCatalogChanged(events: EventBus, productId: string | null): Promise<void> {
  await events.publish(TOPICS.catalogChanged, { productId });
}

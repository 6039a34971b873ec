// npm run db:seed-demo: seeds the demo store into an empty database (PGlite or DATABASE_URL).
import { isStoreEmpty, seedDemoStore } from "~/seed/demo-store.server";
import { notifyCatalogChanged } from "~/modules/catalog/catalog.server";
import { notifyContentChanged } from "~/modules/content/content.server";
import { TOPICS } from "~/modules/events/events";
import { withServices } from "./cli-services";

await withServices(
  async ({ db, storage, database, events }) => {
    if (!(await isStoreEmpty(db))) {
      console.log(`db:seed-demo: the ${database.kind} database already holds a store; nothing seeded`);
      return;
    }
    const { products } = await seedDemoStore(db, storage);
    // A server already running on this PostgreSQL database caches storefront reads and pages;
    // the same events a staff edit sends (NOTIFY) tell it the store changed behind its back.
    await notifyCatalogChanged(events, null);
    await notifyContentChanged(events, "menu");
    await events.publish(TOPICS.settingChanged, { key: "homepage_products" });
    console.log(`db:seed-demo: seeded ${products} products into the ${database.kind} database`);
  },
  { seed: false },
).catch(() => process.exit(1));

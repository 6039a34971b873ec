// npm run db:seed-demo: seeds the demo store into an empty database (PGlite or DATABASE_URL).
import { isStoreEmpty, seedDemoStore } from "~/seed/demo-store.server";
import { withServices } from "./cli-services";

await withServices(
  async ({ db, storage, database }) => {
    if (!(await isStoreEmpty(db))) {
      console.log(`db:seed-demo: the ${database.kind} database already holds a store; nothing seeded`);
      return;
    }
    const { products } = await seedDemoStore(db, storage);
    console.log(`db:seed-demo: seeded ${products} products into the ${database.kind} database`);
  },
  { seed: false },
).catch(() => process.exit(1));

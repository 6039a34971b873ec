// npm run db:migrate: applies pending migrations (start-up does this too).
import { withServices } from "./cli-services";

await withServices(async ({ database }) => console.log(`db:migrate: the ${database.kind} database is up to date`), { seed: false }).catch(() =>
  process.exit(1),
);

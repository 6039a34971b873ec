import { sql } from "drizzle-orm";
import { integer, timestamp, uuid } from "drizzle-orm/pg-core";

/** Shared column helpers, so every table spells ids, timestamps and versions the same way. */
export const id = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Optimistic-concurrency counter: a save names the version it read; a stale one is refused. */
export const version = () => integer("version").notNull().default(1);
export const emptyTextArray = sql`'{}'::text[]`;

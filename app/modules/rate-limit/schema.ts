import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One row per counted attempt. Keys are stored as SHA-256 hashes (an email or an address is
 * personal data; the limiter only needs to tell them apart). Kept in the database, so a limit
 * holds across restarts and across server processes on one PostgreSQL.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bucket: text("bucket").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limit_hits_lookup_idx").on(t.bucket, t.keyHash, t.createdAt)],
);

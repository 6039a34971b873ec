import { sql } from "drizzle-orm";
import { bigint, date, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

// The dashboard's daily roll-up of sales: one row per India (IST) day, and one per day and
// product, summed from the orders (by the orders module's rule of what a sale is). It is
// refreshed incrementally: only the days of orders changed since the last refresh are summed
// again (see rollup.server.ts), so a dashboard over any range reads at most a few hundred rows.

const paise = (name: string) => bigint(name, { mode: "number" }).notNull();

export const reportDailySales = pgTable("report_daily_sales", {
  day: date("day", { mode: "string" }).primaryKey(),
  orders: integer("orders").notNull(),
  grossPaise: paise("gross_paise"),
  discountPaise: paise("discount_paise"),
  refundedPaise: paise("refunded_paise"),
  totalPaise: paise("total_paise"),
});

export const reportDailyProducts = pgTable(
  "report_daily_products",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** The product's id as sold ('' when the line kept none: a product since deleted). */
    productKey: text("product_key").notNull(),
    productId: uuid("product_id"),
    title: text("title").notNull(),
    quantity: integer("quantity").notNull(),
    grossPaise: paise("gross_paise"),
    discountPaise: paise("discount_paise"),
  },
  (t) => [primaryKey({ columns: [t.day, t.productKey] })],
);

/** How far the roll-up has read: orders changed after this instant are summed at the next refresh. */
export const reportRollupState = pgTable("report_rollup_state", {
  id: integer("id").primaryKey().default(1),
  refreshedThrough: timestamp("refreshed_through", { withTimezone: true }).notNull().default(sql`'epoch'`),
});

import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "~/db/columns";
import { users } from "~/modules/staff/schema";

/**
 * A shopper's saved addresses (the address book of "My account"), offered at checkout. At most
 * one per shopper is the default; the database holds that rule, not only the code.
 */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** +91 and ten digits: couriers call the recipient. */
    phone: text("phone").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    /** GST state code (two digits), as on orders. */
    stateCode: text("state_code").notNull(),
    pin: text("pin").notNull(),
    landmark: text("landmark"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("customer_addresses_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("customer_addresses_one_default_idx").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

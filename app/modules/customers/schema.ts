import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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

/**
 * Staff notes about a customer. `customer_key` is the directory's key ("u-<account id>" or
 * "g-<hash of the guest's email>"), so a guest's notes follow them once they register.
 */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: id(),
    customerKey: text("customer_key").notNull(),
    body: text("body").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorEmail: text("author_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("customer_notes_key_idx").on(t.customerKey, t.createdAt)],
);

/** Staff tags on a customer (lower-case words such as "wholesale" or "vip"), one row per tag. */
export const customerTags = pgTable(
  "customer_tags",
  {
    customerKey: text("customer_key").notNull(),
    tag: text("tag").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerKey, t.tag] }), index("customer_tags_tag_idx").on(t.tag)],
);

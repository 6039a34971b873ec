import crypto from "node:crypto";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/types";
import { ConflictError, NotFoundError, RejectedInputError } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { newsletterConsents } from "~/modules/marketing/marketing.server";
import { buyerStats, ordersOfBuyers, type BuyerRef, type BuyerStats } from "~/modules/orders/orders.server";
import { conversationsByEmail } from "~/modules/support/support.server";
import { listShopperAccounts, type ShopperAccount } from "~/modules/staff/staff.server";
import { customerNoteSchema, customerTagSchema, MAX_CUSTOMER_TAGS } from "./customer-forms";
import { CUSTOMERS_PER_PAGE, type CustomerQuery } from "./customer-query";
import { customerAddresses, customerNotes, customerTags } from "./schema";

// The back office's customer directory: shopper accounts and guest buyers, one row per person.
//
// Who is one person:
// - an order placed signed in belongs to that account;
// - a guest order (no account) belongs to the shopper account with the same address, compared
//   lower-cased, once that account's address is confirmed (the rule attachGuestOrders follows:
//   anyone can type someone else's email at checkout, so an unconfirmed account gets no one's
//   orders, and its erasure cannot reach them);
// - other guest orders are grouped by their lower-cased address: one guest customer each.
// Orders of staff accounts are not customers' orders and are left out.
//
// The directory is assembled in memory from the faces of orders, staff and marketing (each a
// single grouped query): fine for tens of thousands of customers. Past that, keep a customers
// table up to date from order events and page it in SQL.

/** The guest erasure's address domain: reserved (RFC 2606), so nothing is ever sent to it. */
export const ERASED_DOMAIN = "erased.invalid";

export type CustomerKind = "account" | "guest";

export type Customer = {
  key: string;
  kind: CustomerKind;
  /** Keys this person was known by before: a guest's key, once their orders joined an account. */
  formerKeys: string[];
  accountId: string | null;
  name: string;
  email: string;
  emailVerified: boolean;
  /** Account created, or a guest's first order. */
  joinedAt: Date;
  deactivated: boolean;
  erased: boolean;
  /** The account's name and the names on the person's orders (for search). */
  names: string[];
  /** Every address the person's orders were placed under (lower-cased), the account's first. */
  emails: string[];
  phones: string[];
  refs: BuyerRef[];
  orderCount: number;
  paidOrderCount: number;
  lifetimeValuePaise: number;
  lastOrderAt: Date | null;
  subscribed: boolean;
};

const KEY_SALT = "glacial-customer:";

/** A guest's key: a hash of the lower-cased address, so no address appears in URLs or logs. */
export function guestKey(email: string): string {
  return `g-${crypto.createHash("sha256").update(KEY_SALT + email.toLowerCase()).digest("hex").slice(0, 32)}`;
}

export const accountKey = (id: string) => `u-${id}`;

function fromAccount(a: ShopperAccount): Customer {
  const email = a.email.toLowerCase();
  return {
    key: accountKey(a.id),
    kind: "account",
    formerKeys: [],
    accountId: a.id,
    name: a.name,
    email: a.email,
    emailVerified: a.emailVerified,
    joinedAt: a.createdAt,
    deactivated: a.deactivatedAt !== null,
    erased: email.endsWith(`@${ERASED_DOMAIN}`),
    names: [a.name],
    emails: [email],
    phones: [],
    refs: [],
    orderCount: 0,
    paidOrderCount: 0,
    lifetimeValuePaise: 0,
    lastOrderAt: null,
    subscribed: false,
  };
}

function fromGuest(s: BuyerStats): Customer {
  return {
    key: guestKey(s.email),
    kind: "guest",
    formerKeys: [],
    accountId: null,
    name: s.latestName,
    email: s.email,
    emailVerified: false,
    joinedAt: s.firstOrderAt,
    deactivated: false,
    erased: s.email.endsWith(`@${ERASED_DOMAIN}`),
    names: [s.latestName],
    emails: [s.email],
    phones: [],
    refs: [],
    orderCount: 0,
    paidOrderCount: 0,
    lifetimeValuePaise: 0,
    lastOrderAt: null,
    subscribed: false,
  };
}

function add(c: Customer, s: BuyerStats) {
  c.refs.push({ userId: s.userId, email: s.email });
  c.orderCount += s.orderCount;
  c.paidOrderCount += s.paidOrderCount;
  c.lifetimeValuePaise += s.lifetimeValuePaise;
  if (!c.lastOrderAt || s.lastOrderAt > c.lastOrderAt) c.lastOrderAt = s.lastOrderAt;
  if (c.kind === "guest" && s.firstOrderAt < c.joinedAt) c.joinedAt = s.firstOrderAt;
  for (const p of s.phones) if (!c.phones.includes(p)) c.phones.push(p);
  if (s.latestName && !c.names.includes(s.latestName)) c.names.push(s.latestName);
  if (!c.emails.includes(s.email)) c.emails.push(s.email);
  if (s.userId === null && c.kind === "account") {
    const former = guestKey(s.email);
    if (!c.formerKeys.includes(former)) c.formerKeys.push(former);
  }
}

/** Every customer, assembled from accounts, orders, saved addresses and newsletter consent. */
export async function loadCustomers(db: DbOrTx): Promise<Customer[]> {
  const [accounts, stats, consents, addressPhones] = await Promise.all([
    listShopperAccounts(db),
    buyerStats(db),
    newsletterConsents(db),
    db.select({ userId: customerAddresses.userId, phone: customerAddresses.phone }).from(customerAddresses),
  ]);
  const byAccount = new Map(accounts.map((a) => [a.id, fromAccount(a)]));
  const byVerifiedEmail = new Map(accounts.filter((a) => a.emailVerified).map((a) => [a.email.toLowerCase(), byAccount.get(a.id)!]));
  const guests = new Map<string, Customer>();
  for (const s of stats) {
    let customer: Customer | undefined;
    if (s.userId !== null) {
      customer = byAccount.get(s.userId);
      if (!customer) continue; // a staff account's order
    } else {
      customer = byVerifiedEmail.get(s.email);
      if (!customer) {
        customer = guests.get(s.email) ?? fromGuest(s);
        guests.set(s.email, customer);
      }
    }
    add(customer, s);
  }
  for (const { userId, phone } of addressPhones) {
    const c = byAccount.get(userId);
    if (c && !c.phones.includes(phone)) c.phones.push(phone);
  }
  const all = [...byAccount.values(), ...guests.values()];
  for (const c of all) c.subscribed = c.emails.some((e) => consents.get(e)?.subscribed === true);
  return all;
}

const digits = (s: string) => s.replace(/\D/g, "");

/** Does the search text match the person's name, any of their addresses, or any of their phone numbers? */
export function matchesSearch(c: Customer, q: string): boolean {
  const text = q.trim().toLowerCase();
  if (!text) return true;
  if (c.names.some((n) => n.toLowerCase().includes(text)) || c.emails.some((e) => e.includes(text))) return true;
  const d = digits(text);
  // A phone search needs a few digits; "+91 98765" and "98765" find "+919876543210".
  return d.length >= 4 && d.length === text.replace(/[\s+()-]/g, "").length && c.phones.some((p) => digits(p).includes(d.replace(/^91(?=\d{10}$)/, "")));
}

/** Midnight IST at the start (or end) of a YYYY-MM-DD day. */
const istDay = (day: string, end = false) => new Date(Date.parse(`${day}T00:00:00+05:30`) + (end ? 86_400_000 : 0));

export type CustomerListRow = Pick<Customer, "key" | "kind" | "name" | "email" | "orderCount" | "lifetimeValuePaise" | "subscribed" | "erased"> & {
  joinedAt: string;
  lastOrderAt: string | null;
  tags: string[];
};

export type CustomerList = { rows: CustomerListRow[]; total: number; page: number; pageCount: number };

/** The list: search, filters, sort (ties by name), one page. */
export async function listCustomers(db: DbOrTx, query: CustomerQuery): Promise<CustomerList> {
  const all = await loadCustomers(db);
  const from = query.from ? istDay(query.from) : null;
  const to = query.to ? istDay(query.to, true) : null;
  const found = all.filter(
    (c) =>
      matchesSearch(c, query.q) &&
      (query.orders === "" || (query.orders === "yes") === c.orderCount > 0) &&
      (query.subscribed === "" || (query.subscribed === "yes") === c.subscribed) &&
      (!from || c.joinedAt >= from) &&
      (!to || c.joinedAt < to),
  );
  const value = (c: Customer): number => {
    switch (query.sort) {
      case "ltv":
        return c.lifetimeValuePaise;
      case "orders":
        return c.orderCount;
      case "last":
        return c.lastOrderAt?.getTime() ?? -Infinity;
      case "joined":
        return c.joinedAt.getTime();
    }
  };
  const sign = query.dir === "asc" ? 1 : -1;
  found.sort((a, b) => sign * (value(a) - value(b)) || a.name.localeCompare(b.name, "en-IN") || a.key.localeCompare(b.key));
  const pageCount = Math.max(1, Math.ceil(found.length / CUSTOMERS_PER_PAGE));
  const page = Math.min(query.page, pageCount);
  const slice = found.slice((page - 1) * CUSTOMERS_PER_PAGE, page * CUSTOMERS_PER_PAGE);
  const tags = await tagsOf(db, slice.flatMap((c) => [c.key, ...c.formerKeys]));
  return {
    rows: slice.map((c) => ({
      key: c.key,
      kind: c.kind,
      name: c.name,
      email: c.email,
      orderCount: c.orderCount,
      lifetimeValuePaise: c.lifetimeValuePaise,
      subscribed: c.subscribed,
      erased: c.erased,
      joinedAt: c.joinedAt.toISOString(),
      lastOrderAt: c.lastOrderAt?.toISOString() ?? null,
      tags: [...new Set([c.key, ...c.formerKeys].flatMap((k) => tags.get(k) ?? []))].sort(),
    })),
    total: found.length,
    page,
    pageCount,
  };
}

async function tagsOf(db: DbOrTx, keys: string[]): Promise<Map<string, string[]>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(customerTags).where(inArray(customerTags.customerKey, keys)).orderBy(asc(customerTags.tag));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.customerKey, [...(out.get(r.customerKey) ?? []), r.tag]);
  return out;
}

/** One customer by key; null when no one has it (a guest key also finds the account their orders joined). */
export async function findCustomer(db: DbOrTx, key: string): Promise<Customer | null> {
  const all = await loadCustomers(db);
  return all.find((c) => c.key === key) ?? all.find((c) => c.formerKeys.includes(key)) ?? null;
}

export type CustomerNote = { id: string; body: string; authorEmail: string; createdAt: Date };

/** Staff notes (newest first) and tags under the customer's key and former keys. */
export async function notesAndTags(db: DbOrTx, c: Customer): Promise<{ notes: CustomerNote[]; tags: string[] }> {
  const keys = [c.key, ...c.formerKeys];
  const [notes, tags] = await Promise.all([
    db
      .select({ id: customerNotes.id, body: customerNotes.body, authorEmail: customerNotes.authorEmail, createdAt: customerNotes.createdAt })
      .from(customerNotes)
      .where(inArray(customerNotes.customerKey, keys))
      .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id)),
    tagsOf(db, keys),
  ]);
  return { notes, tags: [...new Set(keys.flatMap((k) => tags.get(k) ?? []))].sort() };
}

/** What a staff change to a customer answers when done; a refusal is thrown (save-outcome's errors). */
export type CustomerChange = { message: string };

const GONE = "This customer no longer exists.";

function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[]): RejectedInputError {
  return new RejectedInputError(Object.fromEntries(issues.map((i) => [String(i.path[0] ?? "form"), i.message])), issues[0]?.message ?? "Please check the form.");
}

/** Adds a staff note; audited (the audit row says a note was added, not what it says). */
export async function addCustomerNote(db: Db, actor: AuditActor, key: string, raw: unknown): Promise<CustomerChange> {
  const parsed = customerNoteSchema.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const customer = await findCustomer(db, key);
  if (!customer) throw new NotFoundError(GONE);
  if (customer.erased) throw new ConflictError("This customer's personal data was erased: no notes can be added.");
  await db.transaction(async (tx) => {
    const [note] = await tx.insert(customerNotes).values({ customerKey: customer.key, body: parsed.data.body, authorId: actor.id, authorEmail: actor.email }).returning({ id: customerNotes.id });
    await recordAudit(tx, { actor, module: "customers", action: "add_note", targetId: customer.key, after: { noteId: note!.id } });
  });
  return { message: "Note added." };
}

/** Deletes a staff note of this customer; audited. */
export async function deleteCustomerNote(db: Db, actor: AuditActor, key: string, noteId: string): Promise<CustomerChange> {
  const customer = await findCustomer(db, key);
  if (!customer) throw new NotFoundError(GONE);
  return db.transaction(async (tx): Promise<CustomerChange> => {
    const gone = await tx
      .delete(customerNotes)
      .where(and(eq(customerNotes.id, noteId), inArray(customerNotes.customerKey, [customer.key, ...customer.formerKeys])))
      .returning({ id: customerNotes.id });
    if (gone.length === 0) throw new NotFoundError("That note was already deleted.");
    await recordAudit(tx, { actor, module: "customers", action: "delete_note", targetId: customer.key, before: { noteId } });
    return { message: "Note deleted." };
  });
}

/** Adds a tag (already there: nothing changes); audited. */
export async function addCustomerTag(db: Db, actor: AuditActor, key: string, raw: unknown): Promise<CustomerChange> {
  const parsed = customerTagSchema.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const customer = await findCustomer(db, key);
  if (!customer) throw new NotFoundError(GONE);
  const { tags } = await notesAndTags(db, customer);
  if (tags.includes(parsed.data.tag)) return { message: `Tagged ${parsed.data.tag}.` };
  if (tags.length >= MAX_CUSTOMER_TAGS) throw new RejectedInputError({ tag: `At most ${MAX_CUSTOMER_TAGS} tags.` }, `A customer can have at most ${MAX_CUSTOMER_TAGS} tags.`);
  await db.transaction(async (tx) => {
    await tx.insert(customerTags).values({ customerKey: customer.key, tag: parsed.data.tag }).onConflictDoNothing();
    await recordAudit(tx, { actor, module: "customers", action: "add_tag", targetId: customer.key, after: { tag: parsed.data.tag } });
  });
  return { message: `Tagged ${parsed.data.tag}.` };
}

/** Removes a tag; audited. */
export async function removeCustomerTag(db: Db, actor: AuditActor, key: string, raw: unknown): Promise<CustomerChange> {
  const parsed = customerTagSchema.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const customer = await findCustomer(db, key);
  if (!customer) throw new NotFoundError(GONE);
  await db.transaction(async (tx) => {
    await tx.delete(customerTags).where(and(eq(customerTags.tag, parsed.data.tag), inArray(customerTags.customerKey, [customer.key, ...customer.formerKeys])));
    await recordAudit(tx, { actor, module: "customers", action: "remove_tag", targetId: customer.key, before: { tag: parsed.data.tag } });
  });
  return { message: `Tag ${parsed.data.tag} removed.` };
}

export type CustomerDetail = {
  customer: Omit<Customer, "joinedAt" | "lastOrderAt" | "refs"> & { joinedAt: string; lastOrderAt: string | null; averageOrderValuePaise: number | null };
  addresses: { id: string; name: string; phone: string; line1: string; line2: string | null; city: string; stateCode: string; pin: string; landmark: string | null; isDefault: boolean }[];
  orders: { id: string; number: string; createdAt: string; status: string; paymentStatus: string; totalPaise: number; refundedPaise: number; countsPaise: number | null }[];
  conversations: { id: string; status: string; visitorName: string; messageCount: number; lastMessageAt: string }[];
  newsletter: { email: string; subscribed: boolean; source: string; consentText: string | null; consentedAt: string | null; unsubscribedAt: string | null }[];
  notes: { id: string; body: string; authorEmail: string; createdAt: string }[];
  tags: string[];
};

/**
 * Everything the detail page shows, as plain data. Average order value is lifetime value over the
 * orders it counts (null before the first paid order).
 */
export async function customerDetail(db: Db, key: string): Promise<CustomerDetail | null> {
  const customer = await findCustomer(db, key);
  if (!customer) return null;
  const [addresses, orders, conversations, consents, { notes, tags }] = await Promise.all([
    customer.accountId
      ? db.select().from(customerAddresses).where(eq(customerAddresses.userId, customer.accountId)).orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.createdAt))
      : Promise.resolve([]),
    ordersOfBuyers(db, customer.refs),
    conversationsByEmail(db, customer.emails),
    newsletterConsents(db, customer.emails),
    notesAndTags(db, customer),
  ]);
  const { joinedAt, lastOrderAt, refs: _refs, ...rest } = customer;
  return {
    customer: {
      ...rest,
      joinedAt: joinedAt.toISOString(),
      lastOrderAt: lastOrderAt?.toISOString() ?? null,
      averageOrderValuePaise: customer.paidOrderCount > 0 ? Math.round(customer.lifetimeValuePaise / customer.paidOrderCount) : null,
    },
    addresses: addresses.map((a) => ({ id: a.id, name: a.name, phone: a.phone, line1: a.line1, line2: a.line2, city: a.city, stateCode: a.stateCode, pin: a.pin, landmark: a.landmark, isDefault: a.isDefault })),
    orders: orders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    conversations: conversations.map((c) => ({ id: c.id, status: c.status, visitorName: c.visitorName, messageCount: c.messageCount, lastMessageAt: c.lastMessageAt.toISOString() })),
    newsletter: [...consents.values()].map((c) => ({
      email: c.email,
      subscribed: c.subscribed,
      source: c.source,
      consentText: c.consentText,
      consentedAt: c.consentedAt?.toISOString() ?? null,
      unsubscribedAt: c.unsubscribedAt?.toISOString() ?? null,
    })),
    notes: notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    tags,
  };
}

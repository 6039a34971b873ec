import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/types";
import { isUuid } from "~/lib/ids";
import type { RefusalKind } from "~/lib/save-outcome";
import { addressFormSchema, MAX_SAVED_ADDRESSES, type AddressInput, type SavedAddress } from "./address-form";
import { customerAddresses } from "./schema";

// A shopper's address book. Every read and write names the shopper: an address id from the
// browser reaches only that shopper's own rows, and anyone else's id answers as "no such address".
// Writes for one shopper take turns (a lock per shopper inside the transaction), so the limit and
// the one default hold even when two tabs save at once.

export type AddressResult =
  | { ok: true; address: SavedAddress }
  | { ok: false; refusal: Extract<RefusalKind, "invalid">; fieldErrors: Record<string, string> }
  // The book is full: a move its present state does not allow (the limit is the shop's rule).
  | { ok: false; refusal: Extract<RefusalKind, "illegal">; message: string }
  | { ok: false; refusal: Extract<RefusalKind, "not-found"> };

const LIMIT_MESSAGE = `You can keep up to ${MAX_SAVED_ADDRESSES} addresses. Delete one you no longer use, then add this one.`;

type Row = typeof customerAddresses.$inferSelect;

function view(row: Row): SavedAddress {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2 ?? undefined,
    city: row.city,
    stateCode: row.stateCode,
    pin: row.pin,
    landmark: row.landmark ?? undefined,
    isDefault: row.isDefault,
  };
}

function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? "form")] ??= issue.message;
  return out;
}

/** Serialises one shopper's address-book writes until the transaction ends. */
async function lockBook(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`customer_addresses:${userId}`}, 0))`);
}

const columnsOf = (input: AddressInput) => ({
  name: input.name,
  phone: input.phone,
  line1: input.line1,
  line2: input.line2 ?? null,
  city: input.city,
  stateCode: input.stateCode,
  pin: input.pin,
  landmark: input.landmark ?? null,
});

/** The shopper's addresses: the default first, then the newest. */
export async function listAddresses(db: Db, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.createdAt), asc(customerAddresses.id));
  return rows.map(view);
}

/** One of the shopper's addresses; null for an unknown id or someone else's. */
export async function getAddress(db: Db, userId: string, id: string): Promise<SavedAddress | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)));
  return row ? view(row) : null;
}

/** Adds an address; the first one, or one marked so, becomes the default. */
export async function createAddress(db: Db, userId: string, raw: unknown): Promise<AddressResult> {
  const parsed = addressFormSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, refusal: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  return db.transaction((tx) => insertAddress(tx, userId, parsed.data));
}

async function insertAddress(tx: Tx, userId: string, input: AddressInput): Promise<AddressResult> {
  await lockBook(tx, userId);
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(customerAddresses).where(eq(customerAddresses.userId, userId));
  if (n >= MAX_SAVED_ADDRESSES) return { ok: false, refusal: "illegal", message: LIMIT_MESSAGE };
  const isDefault = input.makeDefault || n === 0;
  if (isDefault) await clearDefault(tx, userId);
  const [row] = await tx
    .insert(customerAddresses)
    .values({ userId, ...columnsOf(input), isDefault })
    .returning();
  return { ok: true, address: view(row!) };
}

/** Changes an address. The default stays the default until another is chosen. */
export async function updateAddress(db: Db, userId: string, id: string, raw: unknown): Promise<AddressResult> {
  if (!isUuid(id)) return { ok: false, refusal: "not-found" };
  const parsed = addressFormSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, refusal: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  return db.transaction(async (tx): Promise<AddressResult> => {
    await lockBook(tx, userId);
    const mine = and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId));
    const [current] = await tx.select({ isDefault: customerAddresses.isDefault }).from(customerAddresses).where(mine);
    if (!current) return { ok: false, refusal: "not-found" };
    const isDefault = current.isDefault || parsed.data.makeDefault;
    if (isDefault && !current.isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .update(customerAddresses)
      .set({ ...columnsOf(parsed.data), isDefault })
      .where(mine)
      .returning();
    return { ok: true, address: view(row!) };
  });
}

/** Makes one of the shopper's addresses the default. False for an unknown id or someone else's. */
export async function setDefaultAddress(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const mine = and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId));
    const [current] = await tx.select({ id: customerAddresses.id }).from(customerAddresses).where(mine);
    if (!current) return false;
    await clearDefault(tx, userId, id);
    await tx.update(customerAddresses).set({ isDefault: true }).where(mine);
    return true;
  });
}

/** Deletes an address; when it was the default, the newest remaining one takes its place. */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [gone] = await tx
      .delete(customerAddresses)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
      .returning({ isDefault: customerAddresses.isDefault });
    if (!gone) return false;
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: customerAddresses.id })
        .from(customerAddresses)
        .where(eq(customerAddresses.userId, userId))
        .orderBy(desc(customerAddresses.createdAt), asc(customerAddresses.id))
        .limit(1);
      if (next) await tx.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, next.id));
    }
    return true;
  });
}

async function clearDefault(tx: Tx, userId: string, except?: string) {
  const condition = and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true), except ? ne(customerAddresses.id, except) : undefined);
  await tx.update(customerAddresses).set({ isDefault: false }).where(condition);
}

export type RememberOutcome = "saved" | "known" | "limit" | "invalid";

/**
 * "Save this address" at checkout: the shipping address and mobile of a placed order join the
 * shopper's book, unless the same address is already there (or the book is full).
 */
export async function rememberCheckoutAddress(db: Db, userId: string, checkoutForm: Record<string, unknown>): Promise<RememberOutcome> {
  const parsed = addressFormSchema.safeParse({
    name: checkoutForm.shipName,
    phone: checkoutForm.phone,
    line1: checkoutForm.shipLine1,
    line2: checkoutForm.shipLine2,
    city: checkoutForm.shipCity,
    stateCode: checkoutForm.shipState,
    pin: checkoutForm.shipPin,
    landmark: checkoutForm.shipLandmark,
  });
  if (!parsed.success) return "invalid";
  const input = parsed.data;
  return db.transaction(async (tx): Promise<RememberOutcome> => {
    await lockBook(tx, userId);
    const same = (await tx.select().from(customerAddresses).where(eq(customerAddresses.userId, userId))).find((row) => sameAddress(view(row), input));
    if (same) return "known";
    const added = await insertAddress(tx, userId, { ...input, makeDefault: false });
    return added.ok ? "saved" : "limit";
  });
}

const norm = (v: string | null | undefined) => (v ?? "").trim().replace(/\s+/g, " ").toLowerCase();

/** The same place and recipient, ignoring case and spacing. */
function sameAddress(a: SavedAddress, b: AddressInput): boolean {
  return (
    norm(a.name) === norm(b.name) &&
    a.phone === b.phone &&
    norm(a.line1) === norm(b.line1) &&
    norm(a.line2) === norm(b.line2) &&
    norm(a.city) === norm(b.city) &&
    a.stateCode === b.stateCode &&
    a.pin === b.pin &&
    norm(a.landmark) === norm(b.landmark)
  );
}

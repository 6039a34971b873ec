import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/types";
import { ConflictError, NotFoundError } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { forgetRedeemer } from "~/modules/discounts/discounts.server";
import { forgetRecipients } from "~/modules/mail/mail.server";
import { eraseSubscribers, newsletterConsents } from "~/modules/marketing/marketing.server";
import { exportBuyerOrders, forgetCheckoutReminders, pseudonymiseBuyerOrders } from "~/modules/orders/orders.server";
import { eraseShopperAccount, forgetSignInAttempts, shopperAccount } from "~/modules/staff/staff.server";
import { eraseConversations, exportConversations } from "~/modules/support/support.server";
import { accountKey, ERASED_DOMAIN, findCustomer, guestKey, notesAndTags } from "./customer-directory.server";
import { customerAddresses, customerNotes, customerTags } from "./schema";

// A person's rights under India's Digital Personal Data Protection Act 2023: a summary of their
// personal data (s. 11: here, everything, as a JSON file) and its erasure (s. 12), except what
// another law requires the shop to keep (the GST invoice, CGST Act s. 36).
// docs/decisions/0011-customer-erasure.md. Both are for super_admin only (the route checks) and
// audited without the personal data itself in the audit row.

export type PersonalDataExport = {
  format: "glacial.personal-data/1";
  exportedAt: string;
  customer: { kind: "account" | "guest"; name: string; email: string; emailVerified: boolean; joinedAt: string; addressesUsedAtCheckout: string[] };
  addresses: unknown[];
  orders: unknown[];
  supportConversations: unknown[];
  newsletter: unknown[];
  staffNotes: { at: string; by: string; text: string }[];
  tags: string[];
};

/** The person's data as one JSON document, audited as an export; null for an unknown key. */
export async function exportPersonalData(db: Db, actor: AuditActor, key: string, now = new Date()): Promise<PersonalDataExport | null> {
  const customer = await findCustomer(db, key);
  if (!customer) return null;
  const [addresses, orders, conversations, consents, { notes, tags }] = await Promise.all([
    customer.accountId ? db.select().from(customerAddresses).where(eq(customerAddresses.userId, customer.accountId)) : Promise.resolve([]),
    exportBuyerOrders(db, customer.refs),
    exportConversations(db, customer.emails),
    newsletterConsents(db, customer.emails),
    notesAndTags(db, customer),
  ]);
  const out: PersonalDataExport = {
    format: "glacial.personal-data/1",
    exportedAt: now.toISOString(),
    customer: {
      kind: customer.kind,
      name: customer.name,
      email: customer.email,
      emailVerified: customer.emailVerified,
      joinedAt: customer.joinedAt.toISOString(),
      addressesUsedAtCheckout: customer.emails,
    },
    addresses: addresses.map((a) => ({ name: a.name, phone: a.phone, line1: a.line1, line2: a.line2, city: a.city, stateCode: a.stateCode, pin: a.pin, landmark: a.landmark, isDefault: a.isDefault })),
    orders,
    supportConversations: conversations,
    newsletter: [...consents.values()].map((c) => ({
      email: c.email,
      subscribed: c.subscribed,
      source: c.source,
      consentText: c.consentText,
      consentedAt: c.consentedAt?.toISOString() ?? null,
      unsubscribedAt: c.unsubscribedAt?.toISOString() ?? null,
    })),
    staffNotes: notes.map((n) => ({ at: n.createdAt.toISOString(), by: n.authorEmail, text: n.body })),
    tags,
  };
  await recordAudit(db, {
    actor,
    module: "customers",
    action: "export_personal_data",
    targetId: customer.key,
    after: { orders: orders.length, addresses: addresses.length, conversations: conversations.length },
  });
  return out;
}

/** The erased customer's new key and how many rows of each kind were erased; a customer gone or already erased is refused (thrown). */
export type ErasureOutcome = { message: string; key: string; counts: Record<string, number> };

/**
 * Erases the person in one transaction: the account (name and email become a pseudonym, no
 * password, no sessions, deactivated), saved addresses, support conversations, newsletter
 * subscription, mails kept for them, sign-in attempts, staff notes and tags; orders keep their
 * figures and, where invoiced, the invoice's buyer fields (pseudonymiseBuyerOrders).
 */
export async function erasePersonalData(db: Db, actor: AuditActor, key: string, now = new Date()): Promise<ErasureOutcome> {
  return db.transaction(async (tx): Promise<ErasureOutcome> => {
    // Read inside the transaction, so orders placed meanwhile are not missed half-way.
    const customer = await findCustomer(tx, key);
    if (!customer) throw new NotFoundError("This customer no longer exists.");
    if (customer.erased) throw new ConflictError("This customer's personal data was already erased.");
    const token = crypto.randomBytes(6).toString("hex");
    const pseudonym = { name: "Erased customer", email: `erased-${token}@${ERASED_DOMAIN}`, phone: `erased-${token}` };
    const account = customer.accountId ? await shopperAccount(tx, customer.accountId) : null;
    const addressRows = customer.accountId ? await tx.select({ name: customerAddresses.name, phone: customerAddresses.phone }).from(customerAddresses).where(eq(customerAddresses.userId, customer.accountId)) : [];
    const names = [customer.name, ...(account ? [account.name] : []), ...addressRows.map((a) => a.name)];
    const phones = [...customer.phones, ...addressRows.map((a) => a.phone)];
    const orders = await pseudonymiseBuyerOrders(tx, customer.refs, pseudonym, { names, phones }, customer.accountId);
    const counts: Record<string, number> = { orders: orders.orders, invoicedOrdersKept: orders.invoicedKept };
    if (customer.accountId) {
      await eraseShopperAccount(tx, customer.accountId, pseudonym, now);
      counts.addresses = (await tx.delete(customerAddresses).where(eq(customerAddresses.userId, customer.accountId)).returning({ id: customerAddresses.id })).length;
    }
    counts.conversations = await eraseConversations(tx, customer.emails);
    counts.newsletter = await eraseSubscribers(tx, customer.emails);
    counts.mails = await forgetRecipients(tx, customer.emails);
    counts.discountUses = await forgetRedeemer(tx, customer.emails, pseudonym.email);
    counts.checkoutReminders = await forgetCheckoutReminders(tx, customer.emails);
    await forgetSignInAttempts(tx, customer.emails);
    const keys = [customer.key, ...customer.formerKeys];
    counts.notes = (await tx.delete(customerNotes).where(inArray(customerNotes.customerKey, keys)).returning({ id: customerNotes.id })).length;
    await tx.delete(customerTags).where(inArray(customerTags.customerKey, keys));
    const newKey = customer.accountId ? accountKey(customer.accountId) : guestKey(pseudonym.email);
    // The audit row names the customer by key only: no personal data is written while erasing it.
    await recordAudit(tx, { actor, module: "customers", action: "erase_personal_data", targetId: newKey, after: { kind: customer.kind, ...counts } });
    return { message: "Personal data erased.", key: newKey, counts };
  });
}

import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/types";
import { supportConversations, supportMessages } from "./schema";

// What the customers module reads and erases of support conversations (through this module's
// face): the conversations a visitor started under one of the person's addresses.

const lowered = (emails: readonly string[]) => [...new Set(emails.map((e) => e.toLowerCase()))];
const byEmail = (emails: readonly string[]) => inArray(sql`lower(${supportConversations.visitorEmail})`, lowered(emails));

export type CustomerConversation = { id: string; status: string; visitorName: string; messageCount: number; createdAt: Date; lastMessageAt: Date };

/** The conversations under these addresses, newest activity first. */
export async function conversationsByEmail(db: DbOrTx, emails: readonly string[]): Promise<CustomerConversation[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({
      id: supportConversations.id,
      status: supportConversations.status,
      visitorName: supportConversations.visitorName,
      createdAt: supportConversations.createdAt,
      lastMessageAt: supportConversations.lastMessageAt,
      messageCount: count(supportMessages.id),
    })
    .from(supportConversations)
    .leftJoin(supportMessages, eq(supportMessages.conversationId, supportConversations.id))
    .where(byEmail(emails))
    .groupBy(supportConversations.id)
    .orderBy(desc(supportConversations.lastMessageAt));
  return rows.map((r) => ({ ...r, messageCount: Number(r.messageCount) }));
}

/** The conversations with every message, for a personal-data export. */
export async function exportConversations(db: DbOrTx, emails: readonly string[]) {
  if (emails.length === 0) return [];
  const conversations = await db.select().from(supportConversations).where(byEmail(emails)).orderBy(asc(supportConversations.createdAt));
  if (conversations.length === 0) return [];
  const messages = await db
    .select()
    .from(supportMessages)
    .where(inArray(supportMessages.conversationId, conversations.map((c) => c.id)))
    .orderBy(asc(supportMessages.seq));
  return conversations.map((c) => ({
    startedAt: c.createdAt.toISOString(),
    name: c.visitorName,
    email: c.visitorEmail,
    phone: c.visitorPhone,
    status: c.status,
    pagesVisited: c.pagesVisited,
    messages: messages.filter((m) => m.conversationId === c.id).map((m) => ({ at: m.createdAt.toISOString(), from: m.senderType, name: m.senderName, text: m.message })),
  }));
}

/** Erasure: the conversations under these addresses are deleted with their messages. Returns how many. */
export async function eraseConversations(tx: DbOrTx, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const gone = await tx.delete(supportConversations).where(byEmail(emails)).returning({ id: supportConversations.id });
  return gone.length;
}

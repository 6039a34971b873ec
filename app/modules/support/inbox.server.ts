import { and, asc, count, desc, eq, exists, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/types";
import { can, type Role } from "~/modules/staff/staff";
import { listStaffWithRoles, staffNames, type StaffMember } from "~/modules/staff/staff.server";
import { cannedReplySchema } from "./canned-reply-input";
import { chatMessageText, type ChatMessage } from "./chat-input";
import {
  insertMessage,
  listMessages,
  lockConversation,
  publishConversation,
  publishMessage,
  type SupportDeps,
} from "./conversations.server";
import { NOT_FOUND_MESSAGE, SupportError } from "./errors";
import { scheduleReplyMail } from "./reply-mail.server";
import { supportCannedReplies, supportConversations, supportMessages } from "./schema";
import type { ConversationStatus } from "./status";

// The staff side of the chat: the inbox list, a conversation's details, replies, assignment,
// status, canned replies and the sidebar badge.


export type InboxFilter = { status?: ConversationStatus | "all"; q?: string; assigned?: "me" | "unassigned" | "all" };

export type InboxRow = {
  id: string;
  visitorName: string;
  lastMessage: string;
  lastSender: string;
  lastMessageAt: string;
  status: ConversationStatus;
  unread: number;
  isNew: boolean;
  assignedTo: string | null;
  assigneeName: string | null;
};

/** The sidebar badge: conversations waiting for staff, plus new ones no staff member has opened yet. */
export async function supportBadgeCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportConversations)
    .where(
      or(
        eq(supportConversations.status, "waiting_for_staff"),
        and(eq(supportConversations.status, "open"), isNull(supportConversations.staffSeenAt)),
      ),
    );
  return row?.n ?? 0;
}

export async function listInbox(db: Db, filter: InboxFilter, staffId: string, limit = 100): Promise<InboxRow[]> {
  const where: SQL[] = [];
  if (filter.status && filter.status !== "all") where.push(eq(supportConversations.status, filter.status));
  if (filter.assigned === "me") where.push(eq(supportConversations.assignedTo, staffId));
  if (filter.assigned === "unassigned") where.push(isNull(supportConversations.assignedTo));
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(supportConversations.visitorName, pattern),
        ilike(supportConversations.visitorEmail, pattern),
        ilike(supportConversations.visitorPhone, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(supportMessages)
            .where(and(eq(supportMessages.conversationId, supportConversations.id), ilike(supportMessages.message, pattern))),
        ),
      )!,
    );
  }
  const last = db
    .select({ conversationId: supportMessages.conversationId, message: supportMessages.message, senderName: supportMessages.senderName })
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, supportConversations.id))
    .orderBy(desc(supportMessages.seq))
    .limit(1)
    .as("last");
  const rows = await db
    .select({
      id: supportConversations.id,
      visitorName: supportConversations.visitorName,
      status: supportConversations.status,
      unread: supportConversations.unreadForStaff,
      staffSeenAt: supportConversations.staffSeenAt,
      assignedTo: supportConversations.assignedTo,
      lastMessageAt: supportConversations.lastMessageAt,
      lastMessage: last.message,
      lastSender: last.senderName,
    })
    .from(supportConversations)
    .leftJoinLateral(last, sql`true`)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(supportConversations.lastMessageAt))
    .limit(limit);
  const names = await staffNames(db, rows.flatMap((r) => (r.assignedTo ? [r.assignedTo] : [])));
  return rows.map((r) => ({
    id: r.id,
    visitorName: r.visitorName,
    lastMessage: r.lastMessage ?? "",
    lastSender: r.lastSender ?? "",
    lastMessageAt: r.lastMessageAt.toISOString(),
    status: r.status,
    unread: r.unread,
    isNew: r.staffSeenAt === null,
    assignedTo: r.assignedTo,
    assigneeName: r.assignedTo ? (names.get(r.assignedTo) ?? null) : null,
  }));
}

export type ConversationDetail = {
  id: string;
  visitor: { name: string; email: string | null; phone: string | null };
  pagesVisited: string[];
  status: ConversationStatus;
  assignedTo: string | null;
  assigneeName: string | null;
  createdAt: string;
  messages: ChatMessage[];
};

export async function getConversationDetail(db: Db, id: string): Promise<ConversationDetail | null> {
  const [c] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  if (!c) return null;
  const [messages, names] = await Promise.all([listMessages(db, id), staffNames(db, c.assignedTo ? [c.assignedTo] : [])]);
  return {
    id: c.id,
    visitor: { name: c.visitorName, email: c.visitorEmail, phone: c.visitorPhone },
    pagesVisited: c.pagesVisited,
    status: c.status,
    assignedTo: c.assignedTo,
    assigneeName: c.assignedTo ? (names.get(c.assignedTo) ?? null) : null,
    createdAt: c.createdAt.toISOString(),
    messages,
  };
}

/** Staff opened the conversation: its visitor messages are read, and it is no longer new. */
export async function markSeen(deps: SupportDeps, id: string): Promise<void> {
  const updated = await deps.db
    .update(supportConversations)
    .set({ unreadForStaff: 0, staffSeenAt: sql`coalesce(${supportConversations.staffSeenAt}, now())` })
    .where(and(eq(supportConversations.id, id), or(sql`${supportConversations.unreadForStaff} > 0`, isNull(supportConversations.staffSeenAt))))
    .returning({ id: supportConversations.id });
  if (updated.length) await publishConversation(deps, id, "seen");
}

const ROLE_ORDER: Role[] = ["super_admin", "admin", "support", "viewer"];

/** A staff reply's sender_type: the highest of the member's roles. */
export function senderTypeFor(roles: readonly Role[]): Role {
  return ROLE_ORDER.find((r) => roles.includes(r)) ?? "support";
}

export type StaffActor = { id: string; name: string; roles: Role[] };

export async function replyAsStaff(deps: SupportDeps, staff: StaffActor, conversationId: string, rawText: unknown): Promise<ChatMessage> {
  const parsed = chatMessageText.safeParse(rawText);
  if (!parsed.success) throw new SupportError("invalid", parsed.error.issues[0]!.message);
  const stored = await deps.db.transaction(async (tx) => {
    const c = await lockConversation(tx, conversationId);
    const stored = await insertMessage(tx, c.id, { senderType: senderTypeFor(staff.roles), senderName: staff.name, message: parsed.data });
    const message = stored.message;
    await tx
      .update(supportConversations)
      .set({
        staffRepliedAt: c.staffRepliedAt ?? new Date(message.createdAt),
        status: "open",
        unreadForStaff: 0,
        staffSeenAt: c.staffSeenAt ?? new Date(message.createdAt),
        // Replying to an unassigned chat takes it.
        assignedTo: c.assignedTo ?? staff.id,
      })
      .where(eq(supportConversations.id, c.id));
    return stored;
  });
  await publishConversation(deps, conversationId, "status");
  await publishMessage(deps, stored);
  // A visitor who left (and gave an email) gets the reply by email, batched.
  await scheduleReplyMail(deps, conversationId);
  return stored.message;
}

/** Staff who may be assigned a chat: everyone whose roles can edit support. */
export async function listAssignableStaff(db: Db): Promise<StaffMember[]> {
  const members = await listStaffWithRoles(db, ["super_admin", "admin", "support"]);
  return members.filter((m) => can(m.roles, "support", "edit"));
}

export async function assignConversation(deps: SupportDeps, conversationId: string, assigneeId: string | null): Promise<void> {
  if (assigneeId) {
    const staff = await listAssignableStaff(deps.db);
    if (!staff.some((s) => s.id === assigneeId)) throw new SupportError("invalid", "That person cannot be assigned support chats.");
  }
  const updated = await deps.db
    .update(supportConversations)
    .set({ assignedTo: assigneeId })
    .where(eq(supportConversations.id, conversationId))
    .returning({ id: supportConversations.id });
  if (!updated.length) throw new SupportError("not-found", NOT_FOUND_MESSAGE);
  await publishConversation(deps, conversationId, "assigned");
}

export async function setConversationStatus(deps: SupportDeps, conversationId: string, status: "open" | "closed"): Promise<void> {
  const updated = await deps.db
    .update(supportConversations)
    .set({ status })
    .where(eq(supportConversations.id, conversationId))
    .returning({ id: supportConversations.id });
  if (!updated.length) throw new SupportError("not-found", NOT_FOUND_MESSAGE);
  await publishConversation(deps, conversationId, "status");
}

/** What the staff inbox stream tells about one conversation. */
export async function conversationSummary(db: Db, id: string): Promise<{ visitorName: string; status: ConversationStatus } | null> {
  const [c] = await db
    .select({ visitorName: supportConversations.visitorName, status: supportConversations.status })
    .from(supportConversations)
    .where(eq(supportConversations.id, id));
  return c ?? null;
}

// Canned replies

export type CannedReply = { id: string; title: string; body: string };

export async function listCannedReplies(db: Db): Promise<CannedReply[]> {
  return db
    .select({ id: supportCannedReplies.id, title: supportCannedReplies.title, body: supportCannedReplies.body })
    .from(supportCannedReplies)
    .orderBy(asc(supportCannedReplies.title));
}

function parseCanned(input: unknown) {
  const parsed = cannedReplySchema.safeParse(input);
  if (!parsed.success) throw new SupportError("invalid", parsed.error.issues[0]!.message);
  return parsed.data;
}

export async function createCannedReply(db: Db, input: unknown): Promise<CannedReply> {
  const [row] = await db.insert(supportCannedReplies).values(parseCanned(input)).returning();
  return { id: row!.id, title: row!.title, body: row!.body };
}

export async function updateCannedReply(db: Db, id: string, input: unknown): Promise<void> {
  const updated = await db.update(supportCannedReplies).set(parseCanned(input)).where(eq(supportCannedReplies.id, id)).returning({ id: supportCannedReplies.id });
  if (!updated.length) throw new SupportError("not-found", "Canned reply not found.");
}

export async function deleteCannedReply(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id)).returning({ id: supportCannedReplies.id });
  if (!deleted.length) throw new SupportError("not-found", "Canned reply not found.");
}

import { eq } from "drizzle-orm";
import type { Db } from "~/db/types";
import { isUuid } from "~/lib/ids";
import type { RefusalKind } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { orderNoteSchema } from "./order-note-form";
import { orderEvents, orders } from "./schema";

// Staff notes on an order: kept in the order's timeline with their author, for the back office
// only (the shopper's view of the timeline leaves them out). A note changes nothing about the
// order itself, so it does not bump the order's version: a colleague's note never makes
// someone's open order page stale.

export type NoteResult = { ok: true; message: string } | { ok: false; refusal: Extract<RefusalKind, "not-found" | "invalid">; message: string };

export async function addOrderNote(db: Db, actor: AuditActor, orderId: string, raw: unknown): Promise<NoteResult> {
  if (!isUuid(orderId)) return { ok: false, refusal: "not-found", message: "No order with that id." };
  const parsed = orderNoteSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, refusal: "invalid", message: parsed.error.issues[0]!.message };
  const note = parsed.data.note;
  return db.transaction(async (tx): Promise<NoteResult> => {
    const [order] = await tx.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
    if (!order) return { ok: false, refusal: "not-found", message: "No order with that id." };
    await tx.insert(orderEvents).values({ orderId, kind: "note", message: note, actorEmail: actor.email });
    await recordAudit(tx, { actor, module: "sales", action: "order_note", targetId: orderId, after: { note } });
    return { ok: true, message: `Note added to ${order.number}.` };
  });
}

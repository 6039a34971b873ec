import { count, inArray } from "drizzle-orm";
import type { Db } from "~/db/types";
import { supportConversations } from "./schema";

/** Conversations still waiting on the shop: open or waiting for staff (the dashboard's count). */
export async function countOpenConversations(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportConversations)
    .where(inArray(supportConversations.status, ["open", "waiting_for_staff"]));
  return row?.n ?? 0;
}

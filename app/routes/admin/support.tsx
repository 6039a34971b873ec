import { data } from "react-router";
import { SupportInboxScreen } from "~/components/admin/support/inbox-screen";
import { addFaqItem, addFaqPhrasing, listFaqChoices } from "~/modules/content/content.server";
import { closestFaq, supportDeps, assignConversation, getConversationDetail, listAssignableStaff, listCannedReplies, listInbox, markSeen, replyAsStaff, setConversationStatus, type InboxFilter } from "~/modules/support/support.server";
import { teachablePairs, teachFaqForm, teachPhrasingForm, SupportError } from "~/modules/support/support";
import { isUuid } from "~/lib/ids";
import { REFUSAL_STATUS } from "~/lib/save-outcome";
import { requireOperation, requirePagePermission, requireUuid } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import type { Route } from "./+types/support";

// The staff inbox (/admin/support); the screen is components/admin/support/inbox-screen.tsx.

const STATUS_FILTERS = ["all", "open", "waiting_for_staff", "closed"] as const;
const ASSIGNED_FILTERS = ["all", "me", "unassigned"] as const;

export const meta: Route.MetaFunction = () => [{ title: "Support | Admin | GLACIAL" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const staff = await requirePagePermission(services, request, "support");
  const url = new URL(request.url);
  const status = STATUS_FILTERS.find((s) => s === url.searchParams.get("status")) ?? "all";
  const assigned = ASSIGNED_FILTERS.find((s) => s === url.searchParams.get("assigned")) ?? "all";
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const filter: InboxFilter = { status, assigned, q };
  const selectedId = url.searchParams.get("c");
  const selected = isUuid(selectedId) ? await getConversationDetail(services.db, selectedId) : null;
  // Opening a conversation reads its messages.
  if (selected) await markSeen(supportDeps(services), selected.id);
  const [rows, canned, assignable] = await Promise.all([
    listInbox(services.db, filter, staff.user.id),
    listCannedReplies(services.db),
    listAssignableStaff(services.db),
  ]);
  const canTeach = { create: can(staff.roles, "content", "create"), edit: can(staff.roles, "content", "edit") };
  const pairs = selected && (canTeach.create || canTeach.edit) ? teachablePairs(selected.messages) : [];
  const teaching = {
    ...canTeach,
    faqChoices: pairs.length ? await listFaqChoices(services.db) : [],
    pairs: await Promise.all(pairs.map(async (p) => ({ ...p, suggestedFaqId: await closestFaq(services, p.question) }))),
  };
  return {
    rows: rows.map((r) => (r.id === selected?.id ? { ...r, unread: 0, isNew: false } : r)),
    selected,
    filter: { status, assigned, q },
    canned,
    assignable: assignable.map((s) => ({ id: s.id, name: s.name, email: s.email })),
    me: staff.user.id,
    canReply: can(staff.roles, "support", "create"),
    canEdit: can(staff.roles, "support", "edit"),
    teaching,
  };
}

// Each form posts to ?do=<operation>; the permission it needs is checked before the body is read.
// Teaching the bot writes the FAQ: the content permissions decide, not support's.
const OPERATIONS = {
  reply: "create",
  assign: "edit",
  close: "edit",
  reopen: "edit",
  "teach-faq": { module: "content", action: "create" },
  "teach-phrasing": { module: "content", action: "edit" },
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  // 401 without a session, 403 without the right, 400 for an unknown operation: all before the body.
  const { staff, op, actor } = await requireOperation(services, request, "support", OPERATIONS);
  const form = await request.formData();
  const id = requireUuid(form.get("conversationId"), "conversation");
  const deps = supportDeps(services);
  try {
    switch (op) {
      case "reply":
        await replyAsStaff(deps, { id: staff.user.id, name: staff.user.name || staff.user.email, roles: staff.roles }, id, form.get("message") ?? "");
        return { ok: true as const, form: op };
      case "teach-faq":
      case "teach-phrasing": {
        const raw = { question: form.get("question"), answer: form.get("answer"), faqId: form.get("faqId") };
        const parsed = op === "teach-faq" ? teachFaqForm.safeParse(raw) : teachPhrasingForm.safeParse(raw);
        if (!parsed.success) return data({ ok: false as const, error: parsed.error.issues[0]!.message }, { status: REFUSAL_STATUS.invalid });
        const outcome =
          "answer" in parsed.data ? await addFaqItem(services, actor, parsed.data) : await addFaqPhrasing(services, actor, parsed.data.faqId, parsed.data.question);
        if (!outcome.ok) return data({ ok: false as const, error: outcome.error }, { status: outcome.status });
        return { ok: true as const, form: op, message: outcome.message };
      }
      case "assign": {
        const assignee = form.get("assignee");
        await assignConversation(deps, id, assignee ? requireUuid(assignee, "staff member") : null);
        return { ok: true as const, form: op };
      }
      case "close":
      case "reopen":
        await setConversationStatus(deps, id, op === "close" ? "closed" : "open");
        return { ok: true as const, form: op };
    }
  } catch (error) {
    if (error instanceof SupportError) return data({ ok: false as const, error: error.message }, { status: error.status });
    throw error;
  }
}

export default function SupportInbox({ loaderData }: Route.ComponentProps) {
  return <SupportInboxScreen loaderData={loaderData} />;
}

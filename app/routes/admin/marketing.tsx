import { data } from "react-router";
import { PopupEditor } from "~/components/admin/marketing/popup-editor";
import { PopupList } from "~/components/admin/marketing/popup-list";
import { SubscribersSection } from "~/components/admin/marketing/subscribers-section";
import { adminMeta } from "~/lib/admin-meta";
import { fieldErrors } from "~/lib/form-errors";
import { isUuid } from "~/lib/ids";
import { listRecentImages } from "~/modules/media/media.server";
import { listSubscribers, unsubscribeSubscriber, deletePopup, getPopupForAdmin, listPopupsForAdmin, PopupNotFoundError, savePopup, setPopupActive } from "~/modules/marketing/marketing.server";
import { popupForm, subscriberQuery } from "~/modules/marketing/marketing";
import { requireActionPermission, requirePagePermission, requireUuid } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import type { Route } from "./+types/marketing";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { StaleRecordError } from "~/lib/save-outcome";
import { formVersion, VERSION_MISSING } from "~/lib/version-field";

const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "marketing");
  const url = new URL(request.url);
  const query = subscriberQuery.parse(Object.fromEntries(url.searchParams));
  const editing = url.searchParams.get("popup");
  const { db } = context.services;
  const [popups, subscribers, popup, images] = await Promise.all([
    listPopupsForAdmin(db),
    listSubscribers(db, query, { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE }),
    isUuid(editing) ? getPopupForAdmin(db, editing) : Promise.resolve(null),
    editing ? listRecentImages(db) : Promise.resolve([]),
  ]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const toView = (p: (typeof popups)[number]) => ({ ...p, createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString() });
  return {
    can: { create: can(staff.roles, "marketing", "create"), edit: can(staff.roles, "marketing", "edit"), delete: can(staff.roles, "marketing", "delete") },
    popups: popups.map(toView),
    editing: editing === "new" ? ("new" as const) : popup ? toView(popup) : null,
    images,
    editingMissing: editing !== null && editing !== "new" && !popup,
    query,
    pageSize: PAGE_SIZE,
    subscribers: {
      total: subscribers.total,
      rows: subscribers.rows.map((r) => ({ ...r, consentedAt: iso(r.consentedAt), unsubscribedAt: iso(r.unsubscribedAt), createdAt: r.createdAt.toISOString() })),
    },
  };
}

const INTENTS = { "popup-create": "create", "popup-update": "edit", "popup-activate": "edit", "popup-deactivate": "edit", "popup-delete": "delete", unsubscribe: "edit" } as const;
type Intent = keyof typeof INTENTS;

export type MarketingActionData =
  | { ok: true; intent: Intent; message: string; id?: string }
  | { ok: false; intent: Intent | null; error?: string; fieldErrors?: Record<string, string> };

const fail = (intent: Intent | null, status: number, body: { error?: string; fieldErrors?: Record<string, string> }) =>
  data<MarketingActionData>({ ok: false, intent, ...body }, { status });


function deactivatedNote(titles: string[]): string {
  return titles.length ? ` Only one popup can be active, so ${titles.map((t) => `“${t}”`).join(", ")} was deactivated.` : "";
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const raw = String(form.get("intent") ?? "");
  const intent = Object.hasOwn(INTENTS, raw) ? (raw as Intent) : null;
  // Permission before anything is parsed or changed: 401 without a session, 403 without the right.
  const staff = await requireActionPermission(context.services, request, "marketing", intent ? INTENTS[intent] : "edit");
  if (!intent) return fail(null, 400, { error: "Unknown action." });
  const actor = { id: staff.user.id, email: staff.user.email };
  const { db } = context.services;
  try {
    switch (intent) {
      case "popup-create":
      case "popup-update": {
        const parsed = popupForm.safeParse(Object.fromEntries(form));
        if (!parsed.success) return fail(intent, 400, { fieldErrors: fieldErrors(parsed.error) });
        let target: { id?: undefined } | { id: string; expectedVersion: number } = {};
        if (intent === "popup-update") {
          const expectedVersion = formVersion(form.get("version"));
          if (expectedVersion === null) return fail(intent, 400, { error: VERSION_MISSING });
          target = { id: requireUuid(form.get("id"), "popup id"), expectedVersion };
        }
        const saved = await savePopup(db, actor, parsed.data, target);
        const verb = intent === "popup-create" ? "created" : "saved";
        return { ok: true as const, intent, id: saved.id, message: `Popup “${parsed.data.title}” ${verb}.${deactivatedNote(saved.deactivated)}` };
      }
      case "popup-activate":
      case "popup-deactivate": {
        const id = requireUuid(form.get("id"), "popup id");
        const expectedVersion = formVersion(form.get("version"));
        if (expectedVersion === null) return fail(intent, 400, { error: VERSION_MISSING });
        const active = intent === "popup-activate";
        const saved = await setPopupActive(db, actor, id, active, expectedVersion);
        return { ok: true as const, intent, id, message: `“${saved.title}” is now ${active ? "active" : "inactive"}.${deactivatedNote(saved.deactivated)}` };
      }
      case "popup-delete": {
        const id = requireUuid(form.get("id"), "popup id");
        await deletePopup(db, actor, id);
        return { ok: true as const, intent, id, message: "Popup deleted." };
      }
      case "unsubscribe": {
        const id = requireUuid(form.get("id"), "subscriber id");
        const outcome = await unsubscribeSubscriber(db, actor, id);
        if (outcome === "missing") return fail(intent, 404, { error: "That subscriber no longer exists." });
        return { ok: true as const, intent, id, message: outcome === "done" ? "Unsubscribed." : "Already unsubscribed." };
      }
    }
  } catch (error) {
    if (error instanceof StaleRecordError) return fail(intent, 409, { error: error.message });
    if (error instanceof PopupNotFoundError) return fail(intent, 404, { error: error.message });
    throw error;
  }
}

export const meta: Route.MetaFunction = () => adminMeta("Marketing");

export default function MarketingPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as MarketingActionData | undefined;
  const popupResult = result && result.intent !== "unsubscribe" ? result : undefined;
  const { editing } = loaderData;
  return (
    <AdminPage>
      <PageHeader title="Marketing" />
      <PopupList popups={loaderData.popups} can={loaderData.can} result={editing ? undefined : popupResult} />
      {loaderData.editingMissing ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          That popup no longer exists.
        </p>
      ) : null}
      {editing ? (
        <PopupEditor
          key={editing === "new" ? "new" : `${editing.id}:${editing.version}`}
          popup={editing === "new" ? null : editing}
          canSave={editing === "new" ? loaderData.can.create : loaderData.can.edit}
          otherActive={loaderData.popups.filter((p) => p.isActive && (editing === "new" || p.id !== editing.id)).map((p) => p.title)}
          result={popupResult}
          images={loaderData.images}
        />
      ) : null}
      <SubscribersSection subscribers={loaderData.subscribers} query={loaderData.query} pageSize={loaderData.pageSize} canEdit={loaderData.can.edit} />
    </AdminPage>
  );
}

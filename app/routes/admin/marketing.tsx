import { PopupEditor } from "~/components/admin/marketing/popup-editor";
import { PopupList } from "~/components/admin/marketing/popup-list";
import { SubscribersSection } from "~/components/admin/marketing/subscribers-section";
import { adminMeta } from "~/lib/admin-meta";
import { fail, refusedAnswer, type ActionResult } from "~/lib/action-result";
import { fieldErrors } from "~/lib/form-errors";
import { isUuid } from "~/lib/ids";
import { listRecentImages } from "~/modules/media/media.server";
import { listSubscribers, unsubscribeSubscriber, deletePopup, getPopupForAdmin, listPopupsForAdmin, savePopup, setPopupActive } from "~/modules/marketing/marketing.server";
import { popupForm, subscriberQuery } from "~/modules/marketing/marketing";
import { requireOperation, requirePagePermission, requireUuid } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import type { Route } from "./+types/marketing";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { FormMessage } from "~/components/ui/field";
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

// Each form posts to ?do=<operation>; the permission it needs is checked before the body is read.
const OPERATIONS = { "popup-create": "create", "popup-update": "edit", "popup-activate": "edit", "popup-deactivate": "edit", "popup-delete": "delete", unsubscribe: "edit" } as const;

function deactivatedNote(titles: string[]): string {
  return titles.length ? ` Only one popup can be active, so ${titles.map((t) => `“${t}”`).join(", ")} was deactivated.` : "";
}

export async function action({ request, context }: Route.ActionArgs) {
  // 401 without a session, 403 without the right, 400 for an unknown operation: all before the body.
  const { op, actor } = await requireOperation(context.services, request, "marketing", OPERATIONS);
  const form = await request.formData();
  const { db } = context.services;
  try {
    switch (op) {
      case "popup-create":
      case "popup-update": {
        const parsed = popupForm.safeParse(Object.fromEntries(form));
        if (!parsed.success) return fail(400, { form: op, error: "Please correct the fields marked below.", fieldErrors: fieldErrors(parsed.error) });
        let target: { id?: undefined } | { id: string; expectedVersion: number } = {};
        if (op === "popup-update") {
          const expectedVersion = formVersion(form.get("version"));
          if (expectedVersion === null) return fail(400, { form: op, error: VERSION_MISSING });
          target = { id: requireUuid(form.get("id"), "popup id"), expectedVersion };
        }
        const saved = await savePopup(db, actor, parsed.data, target);
        const verb = op === "popup-create" ? "created" : "saved";
        return { form: op, ok: true as const, message: `Popup “${parsed.data.title}” ${verb}.${deactivatedNote(saved.deactivated)}` } satisfies ActionResult;
      }
      case "popup-activate":
      case "popup-deactivate": {
        const id = requireUuid(form.get("id"), "popup id");
        const expectedVersion = formVersion(form.get("version"));
        if (expectedVersion === null) return fail(400, { form: op, error: VERSION_MISSING });
        const active = op === "popup-activate";
        const saved = await setPopupActive(db, actor, id, active, expectedVersion);
        return { form: op, ok: true as const, message: `“${saved.title}” is now ${active ? "active" : "inactive"}.${deactivatedNote(saved.deactivated)}` } satisfies ActionResult;
      }
      case "popup-delete": {
        await deletePopup(db, actor, requireUuid(form.get("id"), "popup id"));
        return { form: op, ok: true as const, message: "Popup deleted." } satisfies ActionResult;
      }
      case "unsubscribe": {
        const outcome = await unsubscribeSubscriber(db, actor, requireUuid(form.get("id"), "subscriber id"));
        if (outcome === "missing") return fail(404, { form: op, error: "That subscriber no longer exists." });
        return { form: op, ok: true as const, message: outcome === "done" ? "Unsubscribed." : "Already unsubscribed." } satisfies ActionResult;
      }
    }
  } catch (error) {
    return refusedAnswer(error, op);
  }
}

export const meta: Route.MetaFunction = () => adminMeta("Marketing");

export default function MarketingPage({ loaderData, actionData }: Route.ComponentProps) {
  const popupResult = actionData && actionData.form !== "unsubscribe" ? actionData : undefined;
  const { editing } = loaderData;
  return (
    <AdminPage>
      <PageHeader title="Marketing" />
      <PopupList popups={loaderData.popups} can={loaderData.can} result={editing ? undefined : popupResult} />
      {/* The popup named in the address is gone: said as every refusal is (the message FormResult shows). */}
      <FormMessage error={loaderData.editingMissing ? "That popup no longer exists." : null} />
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

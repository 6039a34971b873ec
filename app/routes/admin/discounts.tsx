import { redirect } from "react-router";
import { DiscountsScreen, type DiscountRow } from "~/components/admin/discounts/discounts-screen";
import { fail, formValues, savedMessage } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { fieldErrors } from "~/lib/form-errors";
import { isUuid } from "~/lib/ids";
import { describeValue, discountForm, discountFormDefaults, discountStatus, formatIst, KIND_LABELS } from "~/modules/discounts/discounts";
import { getDiscountForAdmin, listDiscountsForAdmin, saveDiscount, setDiscountActive, type AdminDiscount } from "~/modules/discounts/discounts.server";
import { requireOperation, requirePagePermission, requireUuid } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import type { Route } from "./+types/discounts";

// /admin/discounts: the codes with their uses and revenue; ?edit=new or ?edit=<id> opens the
// editor. Each form posts to ?do=<what>, so the permission it needs is known, and checked, before
// a byte of the body is read.

function row(d: AdminDiscount, now: Date): DiscountRow {
  return {
    id: d.id,
    code: d.code,
    kind: KIND_LABELS[d.kind],
    value: describeValue(d),
    uses: d.usageLimit === null ? `${d.usedCount} / no limit` : `${d.usedCount} / ${d.usageLimit}`,
    status: discountStatus(d, now),
    window: [d.startsAt ? `from ${formatIst(d.startsAt)}` : null, d.endsAt ? `until ${formatIst(d.endsAt)}` : null].filter(Boolean).join(", "),
    revenuePaise: d.revenuePaise,
    active: d.active,
    version: d.version,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "discounts");
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  const { db } = context.services;
  const [list, editing] = await Promise.all([listDiscountsForAdmin(db), isUuid(edit) ? getDiscountForAdmin(db, edit) : Promise.resolve(null)]);
  const now = new Date();
  return {
    can: { create: can(staff.roles, "discounts", "create"), edit: can(staff.roles, "discounts", "edit") },
    rows: list.map((d) => row(d, now)),
    editor:
      edit === "new"
        ? { id: null, version: null, values: discountFormDefaults(), usedCount: 0 }
        : editing
          ? { id: editing.id, version: editing.version, values: discountFormDefaults(editing), usedCount: editing.usedCount }
          : null,
    editingMissing: edit !== null && edit !== "new" && !editing,
    // Only the messages this page writes itself are shown (a link cannot make the page say anything else).
    saved: savedMessage(url, /^Discount [A-Z0-9_-]{1,32} (created|saved|deactivated|reactivated)\.$/),
  };
}

const OPERATIONS = { create: "create", save: "edit", deactivate: "edit", activate: "edit" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  // Permission before the body: 401 without a session, 403 without the right, 400 for an unknown ?do=.
  const { op, actor } = await requireOperation(context.services, request, "discounts", OPERATIONS);
  const form = await request.formData();
  const { db } = context.services;
  const version = Number(form.get("version"));
  switch (op) {
    case "create":
    case "save": {
      const values = formValues(form);
      const parsed = discountForm.safeParse(values);
      if (!parsed.success) return fail(400, { error: "Please correct the highlighted fields.", fieldErrors: fieldErrors(parsed.error), values });
      let target: { id?: undefined } | { id: string; expectedVersion: number } = {};
      if (op === "save") {
        if (!Number.isInteger(version) || version < 1) return fail(400, { error: "The form is missing its version — reload the page.", values });
        target = { id: requireUuid(form.get("id"), "discount id"), expectedVersion: version };
      }
      const outcome = await saveDiscount(db, actor, parsed.data, target);
      if (!outcome.ok) return fail(outcome.status, { error: outcome.error, fieldErrors: outcome.fieldErrors, values });
      throw redirect(`/admin/discounts?saved=${encodeURIComponent(outcome.message)}`);
    }
    case "deactivate":
    case "activate": {
      const id = requireUuid(form.get("id"), "discount id");
      if (!Number.isInteger(version) || version < 1) return fail(400, { error: "The form is missing its version — reload the page." });
      const outcome = await setDiscountActive(db, actor, id, op === "activate", version);
      if (!outcome.ok) return fail(outcome.status, { error: outcome.error });
      throw redirect(`/admin/discounts?saved=${encodeURIComponent(outcome.message)}`);
    }
  }
}

export const meta: Route.MetaFunction = () => adminMeta("Discounts");

export default function DiscountsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <DiscountsScreen {...loaderData} result={actionData && !actionData.ok ? actionData : undefined} />;
}

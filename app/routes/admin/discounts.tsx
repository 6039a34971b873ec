import { redirect } from "react-router";
import { formVersion, VERSION_MISSING } from "~/lib/version-field";
import { DiscountsScreen, type DiscountRow } from "~/components/admin/discounts/discounts-screen";
import { fail, formValues, refusedWithValues, savedMessage } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { fieldErrors } from "~/lib/form-errors";
import { isUuid } from "~/lib/ids";
import { discountTargetChoices } from "~/modules/catalog/catalog.server";
import { bulkCodesForm, describeValue, discountForm, discountFormDefaults, discountStatus, formatIst, KIND_LABELS } from "~/modules/discounts/discounts";
import { appliesTo, generateBulkCodes, getDiscountForAdmin, listDiscountsForAdmin, saveDiscount, setDiscountActive, type AdminDiscount } from "~/modules/discounts/discounts.server";
import { requireOperation, requirePagePermission, requireUuid } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import type { Route } from "./+types/discounts";

// /admin/discounts: the discounts with their uses and revenue (and the same list as a CSV file at
// /admin/discounts.csv); ?edit=new or ?edit=<id> opens the editor, where an existing discount
// also gets its bulk codes. Each form posts to ?do=<what>, so the permission it needs is known, and checked, before
// a byte of the body is read.

function row(d: AdminDiscount, now: Date): DiscountRow {
  return {
    id: d.id,
    code: d.code,
    kind: d.automatic ? `${KIND_LABELS[d.kind]}, automatic` : KIND_LABELS[d.kind],
    appliesTo: appliesTo(d),
    bulkCodes: d.bulkCodes ? `${d.bulkCodes} bulk codes, ${d.bulkCodesUsed} used` : "",
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
  const [list, editing, choices] = await Promise.all([
    listDiscountsForAdmin(db),
    isUuid(edit) ? getDiscountForAdmin(db, edit) : Promise.resolve(null),
    edit ? discountTargetChoices(db) : Promise.resolve({ products: [], collections: [] }),
  ]);
  const now = new Date();
  return {
    can: { create: can(staff.roles, "discounts", "create"), edit: can(staff.roles, "discounts", "edit") },
    rows: list.map((d) => row(d, now)),
    editor:
      edit === "new"
        ? { id: null, version: null, values: discountFormDefaults(), usedCount: 0, automatic: false, bulkCodes: 0 }
        : editing
          ? { id: editing.id, version: editing.version, values: discountFormDefaults(editing), usedCount: editing.usedCount, automatic: editing.automatic, bulkCodes: editing.bulkCodes }
          : null,
    choices,
    editingMissing: edit !== null && edit !== "new" && !editing,
    // Only the messages this page writes itself are shown (a link cannot make the page say anything else).
    saved: savedMessage(url, /^(Discount [A-Z0-9_-]{1,32} (created|saved|deactivated|reactivated)|\d{1,4} codes made for [A-Z0-9_-]{1,32})\.$/),
  };
}

const OPERATIONS = { create: "create", save: "edit", deactivate: "edit", activate: "edit", generate: "edit" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  // Permission before the body: 401 without a session, 403 without the right, 400 for an unknown ?do=.
  const { op, actor } = await requireOperation(context.services, request, "discounts", OPERATIONS);
  const form = await request.formData();
  const { db } = context.services;
  // A discount exists once saved, so its forms carry version 1 or more.
  const loaded = formVersion(form.get("version"));
  const version = loaded !== null && loaded >= 1 ? loaded : null;
  switch (op) {
    case "create":
    case "save": {
      const values = formValues(form);
      const parsed = discountForm.safeParse(values);
      if (!parsed.success) return fail(400, { error: "Please correct the highlighted fields.", fieldErrors: fieldErrors(parsed.error), values });
      let target: { id?: undefined } | { id: string; expectedVersion: number } = {};
      if (op === "save") {
        if (version === null) return fail(400, { error: VERSION_MISSING, values });
        target = { id: requireUuid(form.get("id"), "discount id"), expectedVersion: version };
      }
      // A refusal the module throws (a code taken, stale, gone) gets its status from the one table.
      let saved: { message: string };
      try {
        saved = await saveDiscount(db, actor, parsed.data, target);
      } catch (error) {
        return refusedWithValues(error, undefined, values);
      }
      throw redirect(`/admin/discounts?saved=${encodeURIComponent(saved.message)}`);
    }
    case "generate": {
      const id = requireUuid(form.get("id"), "discount id");
      const values = formValues(form);
      const parsed = bulkCodesForm.safeParse(values);
      if (!parsed.success) return fail(400, { form: "bulk", error: "Please correct the highlighted fields.", fieldErrors: fieldErrors(parsed.error), values });
      let made: { message: string };
      try {
        made = await generateBulkCodes(db, actor, id, parsed.data);
      } catch (error) {
        return refusedWithValues(error, "bulk", values);
      }
      throw redirect(`/admin/discounts?edit=${id}&saved=${encodeURIComponent(made.message)}`);
    }
    case "deactivate":
    case "activate": {
      const id = requireUuid(form.get("id"), "discount id");
      if (version === null) return fail(400, { error: VERSION_MISSING });
      let switched: { message: string };
      try {
        switched = await setDiscountActive(db, actor, id, op === "activate", version);
      } catch (error) {
        return refusedWithValues(error, undefined);
      }
      throw redirect(`/admin/discounts?saved=${encodeURIComponent(switched.message)}`);
    }
  }
}

export const meta: Route.MetaFunction = () => adminMeta("Discounts");

export default function DiscountsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <DiscountsScreen {...loaderData} result={actionData && !actionData.ok ? actionData : undefined} />;
}

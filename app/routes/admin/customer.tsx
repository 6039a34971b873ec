import { data, redirect } from "react-router";
import { CustomerDetailScreen } from "~/components/admin/customers/customer-detail";
import { fail, formValues, refusedWithValues, savedMessage } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { isUuid } from "~/lib/ids";
import { CUSTOMER_KEY } from "~/modules/customers/customers";
import { addCustomerNote, addCustomerTag, customerDetail, deleteCustomerNote, erasePersonalData, removeCustomerTag } from "~/modules/customers/customers.server";
import { can, holds } from "~/modules/staff/staff";
import { requireOperation, requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/customer";

// /admin/customers/<key>: one customer. Forms post to ?do=<operation>; the permission each needs
// is checked before the body is read. Erasure (and the export, a download of its own) is for
// super_admin only, on top of the matrix's "delete".

const NOT_FOUND = () => data({ error: "No customer with that key." }, { status: 404 });
const SAVED = /^(Personal data erased\.|Note added\.|Note deleted\.|Tagged [a-z0-9-]{1,32}\.|Tag [a-z0-9-]{1,32} removed\.)$/;

function keyOf(params: { key?: string }): string {
  const key = params.key ?? "";
  if (!CUSTOMER_KEY.test(key)) throw NOT_FOUND();
  return key;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "customers");
  const key = keyOf(params);
  const detail = await customerDetail(context.services.db, key);
  if (!detail) throw NOT_FOUND();
  // A guest's old key after their orders joined an account: show the account's page.
  if (detail.customer.key !== key) throw redirect(`/admin/customers/${detail.customer.key}`);
  return {
    ...detail,
    can: {
      note: can(staff.roles, "customers", "create"),
      deleteNote: can(staff.roles, "customers", "delete"),
      tag: can(staff.roles, "customers", "edit"),
      privacy: holds(staff.roles, "personal_data"),
    },
    saved: savedMessage(new URL(request.url), SAVED),
  };
}

const OPERATIONS = { note: "create", deleteNote: "delete", tag: "edit", untag: "edit", erase: "delete" } as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  // Permission before the body: 401 without a session, 403 without the right, 400 for an unknown ?do=.
  const { staff, op, actor } = await requireOperation(context.services, request, "customers", OPERATIONS);
  if (op === "erase" && !holds(staff.roles, "personal_data")) return fail(403, { error: "Only a super admin may erase a customer's personal data." });
  const key = keyOf(params);
  const form = await request.formData();
  const { db } = context.services;
  const values = formValues(form);
  const noteId = form.get("noteId");
  if (op === "deleteNote" && !isUuid(noteId)) return fail(400, { error: "Invalid note id." });
  const change = () => {
    switch (op) {
      case "note":
        return addCustomerNote(db, actor, key, values);
      case "deleteNote":
        return deleteCustomerNote(db, actor, key, noteId as string);
      case "tag":
        return addCustomerTag(db, actor, key, values);
      case "untag":
        return removeCustomerTag(db, actor, key, values);
      case "erase":
        return erasePersonalData(db, actor, key);
    }
  };
  let changed: { message: string; key?: string };
  try {
    changed = await change();
  } catch (error) {
    // A refusal answers with its status from the one table. An erasure refused is shown at the
    // top of the page, the other forms' beside their form.
    return refusedWithValues(error, op === "erase" ? undefined : op, values);
  }
  // An erased customer goes on under its new key.
  throw redirect(`/admin/customers/${changed.key ?? key}?saved=${encodeURIComponent(changed.message)}`);
}

export const meta: Route.MetaFunction = () => adminMeta("Customer");

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CustomerDetailScreen {...loaderData} result={actionData && !actionData.ok ? actionData : undefined} />;
}

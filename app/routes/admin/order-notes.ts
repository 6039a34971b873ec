import { redirect } from "react-router";
import { done, refusedAs } from "~/lib/action-result";
import { formFields } from "~/lib/form-body.server";
import { addOrderNote } from "~/modules/orders/orders.server";
import { requireActionPermission, requireUuid } from "~/modules/staff/staff.server";
import type { Route } from "./+types/order-notes";

/**
 * POST /admin/orders/:id/notes: a staff note on the order's timeline. The order page sends it
 * with a fetcher; React Router then reloads the page's data, which shows the note.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "sales", "edit");
  const id = requireUuid(params.id, "order id");
  const result = await addOrderNote(context.services.db, staff.user, id, await formFields(request));
  return result.ok ? done("note", result.message) : refusedAs(result.refusal, result.message, "note");
}

/** Nothing to show here: the notes are on the order's page. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/admin/orders/${requireUuid(params.id, "order id")}`);
}

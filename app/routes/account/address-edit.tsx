import { data, redirect } from "react-router";
import { AddressForm } from "~/components/account/address-form";
import { formFields } from "~/lib/form-body.server";
import { pageMeta } from "~/lib/meta";
import { privatePageHeaders } from "~/lib/route-headers";
import { requireSameOrigin } from "~/lib/same-origin.server";
import { REFUSAL_STATUS } from "~/lib/save-outcome";
import { formValuesOf } from "~/modules/customers/customers";
import { requireShopper, createAddress, getAddress, updateAddress } from "~/modules/customers/customers.server";
import type { Route } from "./+types/address-edit";

// /account/addresses/new and /account/addresses/:id/edit: one form for adding and changing an address.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const shopper = await requireShopper(context.services, request);
  const base = context.services.config.publicUrl;
  if (!params.id) return { editing: null, values: {}, canonical: `${base}/account/addresses/new` };
  const address = await getAddress(context.services.db, shopper.id, params.id);
  if (!address) throw data({ error: "That address is not in your address book." }, { status: 404, headers: privatePageHeaders() });
  return { editing: { id: address.id, isDefault: address.isDefault }, values: formValuesOf(address), canonical: `${base}/account/addresses/${address.id}/edit` };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request, context.services.config.publicUrl);
  const shopper = await requireShopper(context.services, request);
  const form = await formFields(request);
  const values = Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const result = params.id ? await updateAddress(context.services.db, shopper.id, params.id, form) : await createAddress(context.services.db, shopper.id, form);
  if (result.ok) throw redirect("/account/addresses?done=saved");
  // Each refusal's status comes from the one table (bad input 400, the book full 409, not theirs 404).
  const status = REFUSAL_STATUS[result.refusal];
  if (result.refusal === "invalid") return data({ error: "Please correct the highlighted fields.", fieldErrors: result.fieldErrors, values }, { status });
  if (result.refusal === "illegal") return data({ error: result.message, fieldErrors: {}, values }, { status });
  throw data({ error: "That address is not in your address book." }, { status });
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ data: d }) =>
  pageMeta({ title: d?.editing ? "Edit address" : "Add an address", description: "Your saved GLACIAL delivery addresses.", canonical: d?.canonical, noindex: true });

export default function AccountAddressEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <AddressForm editing={loaderData.editing} values={actionData?.values ?? loaderData.values} fieldErrors={actionData?.fieldErrors ?? {}} error={actionData?.error ?? null} />;
}

export { AccountErrorBoundary as ErrorBoundary } from "~/components/account/account-error";

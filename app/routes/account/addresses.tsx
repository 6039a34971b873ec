import { data, redirect } from "react-router";
import { z } from "zod";
import { AddressBook } from "~/components/account/address-book";
import { formFields } from "~/lib/form-body.server";
import { pageMeta } from "~/lib/meta";
import { privatePageHeaders } from "~/lib/route-headers";
import { requireSameOrigin } from "~/lib/same-origin.server";
import { requireShopper, deleteAddress, listAddresses, setDefaultAddress } from "~/modules/customers/customers.server";
import type { Route } from "./+types/addresses";

const DONE = { saved: "Address saved.", deleted: "Address deleted.", default: "Default address changed." } as const;

/** /account/addresses: the shopper's address book (offered at checkout). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await requireShopper(context.services, request);
  const done = new URL(request.url).searchParams.get("done");
  return {
    addresses: await listAddresses(context.services.db, shopper.id),
    notice: done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null,
    canonical: `${context.services.config.publicUrl}/account/addresses`,
  };
}

const input = z.object({
  intent: z.enum(["delete", "default"], { message: "Unknown action." }),
  id: z.string({ message: "Choose an address." }).max(64, "Choose an address."),
});

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.services.config.publicUrl);
  const shopper = await requireShopper(context.services, request);
  const parsed = input.safeParse(await formFields(request));
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  const { intent, id } = parsed.data;
  const done = intent === "delete" ? await deleteAddress(context.services.db, shopper.id, id) : await setDefaultAddress(context.services.db, shopper.id, id);
  if (!done) return data({ error: "That address is not in your address book (it may have been deleted already)." }, { status: 404 });
  throw redirect(`/account/addresses?done=${intent === "delete" ? "deleted" : "default"}`);
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ data: d }) => pageMeta({ title: "Your addresses", description: "Your saved GLACIAL delivery addresses.", canonical: d?.canonical, noindex: true });

export default function AccountAddresses({ loaderData, actionData }: Route.ComponentProps) {
  return <AddressBook addresses={loaderData.addresses} notice={loaderData.notice} error={actionData?.error ?? null} />;
}

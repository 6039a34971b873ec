import { Form, Link, useNavigation } from "react-router";
import { AddressLines } from "~/components/ui/address-lines";
import { FormMessage } from "~/components/ui/field";
import { type SavedAddress, MAX_SAVED_ADDRESSES } from "~/modules/customers/customers";

/** The shopper's saved addresses: add, edit, delete, choose the default. */
export function AddressBook({ addresses, notice, error }: { addresses: SavedAddress[]; notice: string | null; error: string | null }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="addresses-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="addresses-heading" className="text-3xl font-bold text-slate-900">
          Your addresses
        </h1>
        {addresses.length < MAX_SAVED_ADDRESSES ? (
          <Link to="/account/addresses/new" className="rounded-full bg-brand px-5 py-2 font-semibold text-white">
            Add an address
          </Link>
        ) : null}
      </div>
      <div className="mt-4 space-y-2">
        <FormMessage error={error} success={notice} />
      </div>
      {addresses.length === 0 ? (
        <p className="mt-6 text-slate-800">No saved addresses yet. Add one here, or tick “Save this address” when you check out.</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {addresses.map((a) => {
            const label = `${a.name}, ${a.line1}`;
            return (
              <li key={a.id} className="flex flex-col justify-between rounded-2xl border border-slate-200 p-5">
                <div>
                  {a.isDefault ? <p className="mb-2 inline-block rounded-full bg-teal-50 px-3 py-0.5 text-sm font-semibold text-teal-900">Default</p> : null}
                  <address className="text-slate-800 not-italic">
                    <AddressLines address={a} name={<strong>{a.name}</strong>} />
                    <br />
                    {a.phone}
                  </address>
                </div>
                <div className="mt-4 flex flex-wrap items-center gap-3">
                  <Link to={`/account/addresses/${a.id}/edit`} className="font-semibold text-brand underline" aria-label={`Edit ${label}`}>
                    Edit
                  </Link>
                  {a.isDefault ? null : (
                    <Form method="post">
                      <input type="hidden" name="id" value={a.id} />
                      <button type="submit" name="intent" value="default" disabled={busy} className="font-semibold text-brand underline" aria-label={`Make ${label} the default`}>
                        Make default
                      </button>
                    </Form>
                  )}
                  <Form
                    method="post"
                    onSubmit={(event) => {
                      if (!window.confirm(`Delete the address of ${label}?`)) event.preventDefault();
                    }}
                  >
                    <input type="hidden" name="id" value={a.id} />
                    <button type="submit" name="intent" value="delete" disabled={busy} className="font-semibold text-red-800 underline" aria-label={`Delete ${label}`}>
                      Delete
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

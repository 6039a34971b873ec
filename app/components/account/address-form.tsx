import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AddressFields } from "~/components/ui/address-fields";
import { FormMessage, TextField } from "~/components/ui/field";
import { addressFormSchema } from "~/modules/customers/customers";

export type AddressFormProps = {
  editing: { id: string; isDefault: boolean } | null;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  error: string | null;
};

/** Adding or changing a saved address; works as a plain form, and checks at once when scripts run. */
export function AddressForm({ editing, values, fieldErrors, error }: AddressFormProps) {
  const busy = useNavigation().state === "submitting";
  const [errors, setErrors] = useState(fieldErrors);
  useEffect(() => setErrors(fieldErrors), [fieldErrors]);
  const v = (name: string) => values[name] ?? "";

  // The server's schema, before sending: mistakes show at once, beside their fields.
  const checkFirst = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = addressFormSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) return;
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    event.currentTarget.querySelector<HTMLElement>(`[name="${CSS.escape(Object.keys(found)[0]!)}"]`)?.focus();
  };

  const title = editing ? "Edit address" : "Add an address";
  return (
    <section aria-labelledby="address-form-heading" className="max-w-xl">
      <h1 id="address-form-heading" className="text-3xl font-bold text-slate-900">
        {title}
      </h1>
      <Form method="post" noValidate onSubmit={checkFirst} className="mt-6 space-y-4" aria-label={title}>
        <FormMessage error={error} />
        <AddressFields
          section="shipping"
          nameOf={(field) => field}
          value={v}
          error={(name) => errors[name]}
          afterName={
            <TextField
              label="Mobile number"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="shipping tel"
              placeholder="98765 43210"
              hint="For the courier. 10 digits, +91 optional."
              defaultValue={v("phone")}
              error={errors.phone}
              required
            />
          }
        />
        {editing?.isDefault ? (
          <p className="text-slate-800">This is your default address.</p>
        ) : (
          <label className="flex items-center gap-2">
            <input type="checkbox" name="makeDefault" defaultChecked={v("makeDefault") === "on"} className="h-4 w-4" />
            Make this my default address
          </label>
        )}
        <div className="flex flex-wrap items-center gap-4 pt-2">
          <button type="submit" disabled={busy} className="rounded-full bg-brand px-6 py-3 font-semibold text-white disabled:opacity-70">
            {busy ? "Saving..." : "Save address"}
          </button>
          <Link to="/account/addresses" className="font-semibold text-brand underline">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

import { SelectField, TextField } from "~/components/ui/field";
import { INDIAN_STATES } from "~/lib/india";

// The fields of an Indian postal address, in the order a courier reads them, written once for the
// checkout (shipping and billing) and the account's address book. Each form names its inputs its
// own way (the checkout prefixes "ship"/"bill"), so the caller maps a field to its input name.

export type AddressField = "name" | "line1" | "line2" | "city" | "pin" | "stateCode" | "landmark";

export function AddressFields({
  section,
  nameOf,
  value,
  error,
  afterName,
}: {
  /** The browser's autofill section: which address this is. */
  section: "shipping" | "billing";
  nameOf: (field: AddressField) => string;
  value: (inputName: string) => string;
  error: (inputName: string) => string | undefined;
  /** Fields the form asks for right after the name (the account's mobile number). */
  afterName?: React.ReactNode;
}) {
  const props = (field: AddressField) => ({ name: nameOf(field), defaultValue: value(nameOf(field)), error: error(nameOf(field)) });
  return (
    <>
      <TextField label="Full name" autoComplete={`${section} name`} {...props("name")} required />
      {afterName}
      <TextField label="Address line 1" autoComplete={`${section} address-line1`} hint="House or flat number, building, street" {...props("line1")} required />
      <TextField label="Address line 2 (optional)" autoComplete={`${section} address-line2`} {...props("line2")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="City" autoComplete={`${section} address-level2`} {...props("city")} required />
        <TextField label="PIN code" autoComplete={`${section} postal-code`} inputMode="numeric" maxLength={6} {...props("pin")} required />
      </div>
      <SelectField label="State or union territory" autoComplete={`${section} address-level1`} {...props("stateCode")} required>
        <option value="">Choose...</option>
        {INDIAN_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Landmark (optional)" {...props("landmark")} />
    </>
  );
}

import { z } from "zod";

// Every edit form sends back the version of the record it was loaded from; the module compares it
// with the stored one and refuses a save made from an older copy (409, StaleRecordError). 0 stands
// for "never saved yet" (a setting or a page with no row). A form that lost its version cannot be
// checked at all, so it is refused as bad input before anything is read from the database.

export const VERSION_MISSING = "The form is missing its version — reload the page.";

/** The version a form loaded: a whole number, 0 or more; absent or blank is refused, not read as 0. */
export const versionField = z.preprocess(
  (value) => (value === null || value === "" ? undefined : value),
  z.coerce.number({ message: VERSION_MISSING }).int(VERSION_MISSING).min(0, VERSION_MISSING),
);

/** A form's version on its own (for forms whose other fields are checked by another schema); null when missing or not a version. */
export function formVersion(value: FormDataEntryValue | null): number | null {
  const parsed = versionField.safeParse(value);
  return parsed.success ? parsed.data : null;
}

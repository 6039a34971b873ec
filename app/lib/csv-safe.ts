/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some
 * strip before looking) as a formula. Exported data is largely typed by the public (subscribers'
 * and shoppers' names, addresses, emails), so such cells get a leading apostrophe and open as
 * plain text (OWASP "CSV injection"). Client-safe; every CSV export goes through it.
 */
export function csvSafeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

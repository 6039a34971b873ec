/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some
 * strip before looking) as a formula. Subscriber data is typed by the public, so such cells get a
 * leading apostrophe and open as plain text (OWASP "CSV injection").
 */
export function csvSafeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

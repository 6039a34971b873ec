// Tax invoice numbers: unique and consecutive within India's financial year (April to March, in
// IST), at most 16 characters as the GST rules allow: GL/26-27/000123.

const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** "26-27" for any moment from 1 April 2026 00:00 IST to 31 March 2027 23:59:59 IST. */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  const two = (y: number) => String(y % 100).padStart(2, "0");
  return `${two(start)}-${two(start + 1)}`;
}

export function invoiceNumber(financialYear: string, serial: number, prefix = "GL"): string {
  const number = `${prefix}/${financialYear}/${String(serial).padStart(6, "0")}`;
  if (number.length > 16) throw new Error(`invoice number ${number} is longer than 16 characters`);
  return number;
}

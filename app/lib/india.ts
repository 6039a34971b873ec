// Indian address and tax identifiers, shared by the browser (to tell a shopper at once) and the
// server (which checks again and never trusts the browser).

/** The 28 states and 8 union territories with their GST state codes (the first two digits of a GSTIN). */
export const INDIAN_STATES = [
  { code: "35", name: "Andaman and Nicobar Islands", ut: true },
  { code: "37", name: "Andhra Pradesh", ut: false },
  { code: "12", name: "Arunachal Pradesh", ut: false },
  { code: "18", name: "Assam", ut: false },
  { code: "10", name: "Bihar", ut: false },
  { code: "04", name: "Chandigarh", ut: true },
  { code: "22", name: "Chhattisgarh", ut: false },
  { code: "26", name: "Dadra and Nagar Haveli and Daman and Diu", ut: true },
  { code: "07", name: "Delhi", ut: true },
  { code: "30", name: "Goa", ut: false },
  { code: "24", name: "Gujarat", ut: false },
  { code: "06", name: "Haryana", ut: false },
  { code: "02", name: "Himachal Pradesh", ut: false },
  { code: "01", name: "Jammu and Kashmir", ut: true },
  { code: "20", name: "Jharkhand", ut: false },
  { code: "29", name: "Karnataka", ut: false },
  { code: "32", name: "Kerala", ut: false },
  { code: "38", name: "Ladakh", ut: true },
  { code: "31", name: "Lakshadweep", ut: true },
  { code: "23", name: "Madhya Pradesh", ut: false },
  { code: "27", name: "Maharashtra", ut: false },
  { code: "14", name: "Manipur", ut: false },
  { code: "17", name: "Meghalaya", ut: false },
  { code: "15", name: "Mizoram", ut: false },
  { code: "13", name: "Nagaland", ut: false },
  { code: "21", name: "Odisha", ut: false },
  { code: "34", name: "Puducherry", ut: true },
  { code: "03", name: "Punjab", ut: false },
  { code: "08", name: "Rajasthan", ut: false },
  { code: "11", name: "Sikkim", ut: false },
  { code: "33", name: "Tamil Nadu", ut: false },
  { code: "36", name: "Telangana", ut: false },
  { code: "16", name: "Tripura", ut: false },
  { code: "09", name: "Uttar Pradesh", ut: false },
  { code: "05", name: "Uttarakhand", ut: false },
  { code: "19", name: "West Bengal", ut: false },
] as const;

export type StateCode = (typeof INDIAN_STATES)[number]["code"];

export function stateByCode(code: string): (typeof INDIAN_STATES)[number] | undefined {
  return INDIAN_STATES.find((s) => s.code === code);
}

/**
 * An Indian mobile number: 10 digits starting with 6-9, optionally prefixed by +91, 91 or 0,
 * with spaces or dashes anywhere. Returns it as +91XXXXXXXXXX, or null when it is not one.
 */
export function normaliseIndianMobile(input: string): string | null {
  const compact = input.replace(/[\s-]/g, "");
  const match = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(compact);
  return match ? `+91${match[1]}` : null;
}

/** A PIN code: six digits, the first not 0. */
export function isPinCode(input: string): boolean {
  return /^[1-9]\d{5}$/.test(input);
}

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The 15th character of a GSTIN, computed from the first 14 (the published mod-36 check). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = "format" | "checksum" | "state";

/** What a person is told for each problem, wherever a GSTIN is typed (checkout, the shop's own). */
export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  format: "A GSTIN has 15 characters, like 29ABCDE1234F1Z5.",
  state: "This GSTIN does not start with a known state code.",
  checksum: "This GSTIN is not valid: check it for a typing mistake.",
};

/**
 * Why a GSTIN is not valid, or null: the shape (state code, PAN, entity number, "Z", check
 * character), a known state code, and the check character.
 */
export function gstinProblem(input: string): GstinProblem | null {
  const gstin = input.toUpperCase();
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin)) return "format";
  if (!stateByCode(gstin.slice(0, 2))) return "state";
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : "checksum";
}

/**
 * The GST rates (percent) a product of this shop may carry. These are the whole-number slabs of
 * the GST schedules for goods; the fractional rates (0.25 % on rough precious stones, 1.5 % on cut
 * diamonds) are left out: a shop of bottles and tumblers sells neither, and a whole number keeps
 * the rate frozen on each order line exact.
 */
export const GST_RATES = [0, 3, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

export function isGstRate(value: number): value is GstRate {
  return (GST_RATES as readonly number[]).includes(value);
}

export const GST_RATE_MESSAGE = `Choose a GST rate of ${GST_RATES.slice(0, -1).join(", ")} or ${GST_RATES.at(-1)} percent.`;

/**
 * A GST sentence with the rates its figure holds, the same words wherever a price is shown as
 * "including GST": "Includes GST (5%, 18%)". Without known rates (the cart still checking its
 * prices) the sentence stands alone rather than guess a rate.
 */
export function withGstRates(sentence: string, rates: readonly number[]): string {
  const distinct = [...new Set(rates)].sort((a, b) => a - b);
  return distinct.length ? `${sentence} (${distinct.map((r) => `${r}%`).join(", ")})` : sentence;
}

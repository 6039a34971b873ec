import { z } from "zod";
import { GST_RATE_MESSAGE, GSTIN_MESSAGES, gstinProblem, INDIAN_STATES, isGstRate, stateByCode } from "~/lib/india";
import { versionField } from "~/lib/version-field";

// The schemas of the settings screen's forms, shared by the browser (checked before sending) and
// the server action (checked again, authoritative). Form values arrive as strings.


const rupees = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .regex(/^\d+(\.\d{1,2})?$/, `${label} must be an amount in rupees, like 4999 or 99.50.`)
    .transform(Number)
    .refine((n) => n <= max, `${label} can be at most ₹${max.toLocaleString("en-IN")}.`);

export const storeDetailsForm = z.object({
  store_name: z.string().trim().min(1, "Store name is required.").max(80, "Store name can be at most 80 characters."),
  phone: z
    .string()
    .trim()
    .min(1, "Contact phone is required.")
    .max(30, "Contact phone can be at most 30 characters.")
    .regex(/^\+?[0-9][0-9 ()-]{5,}$/, "Enter a phone number of digits, spaces, dashes or brackets, like +91 80 4718 2200."),
  email: z.string().trim().min(1, "Contact email is required.").max(254).pipe(z.email("Enter a valid email address, like care@glacial.in.")),
  version: versionField,
});

export const pricingForm = z.object({
  gst_percentage: z
    .string()
    .trim()
    .min(1, "GST percentage is required.")
    .regex(/^\d+$/, GST_RATE_MESSAGE)
    .transform(Number)
    .refine(isGstRate, GST_RATE_MESSAGE),
  free_shipping_over: rupees("Free-shipping threshold", 10_00_000),
  flat_shipping_fee: rupees("Flat shipping fee", 10_000),
  gst_version: versionField,
  shipping_version: versionField,
});

export const maintenanceForm = z.object({
  enabled: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  message: z.string().trim().max(2000, "The message can be at most 2000 characters."),
  version: versionField,
});

/** How long a new bypass link works; the server turns this into an expiry. */
export const BYPASS_DURATIONS = [
  { value: "1h", label: "1 hour", ms: 3600_000 },
  { value: "1d", label: "1 day", ms: 24 * 3600_000 },
  { value: "7d", label: "7 days", ms: 7 * 24 * 3600_000 },
  { value: "30d", label: "30 days", ms: 30 * 24 * 3600_000 },
  { value: "90d", label: "90 days", ms: 90 * 24 * 3600_000 },
] as const;

export const bypassForm = z.object({
  label: z.string().trim().min(1, "A label is required.").max(100, "The label can be at most 100 characters."),
  duration: z.enum(BYPASS_DURATIONS.map((d) => d.value) as [string, ...string[]], { message: "Choose how long the link works." }),
});

export function bypassExpiry(duration: string, now: Date): Date {
  const d = BYPASS_DURATIONS.find((x) => x.value === duration) ?? BYPASS_DURATIONS[1];
  return new Date(now.getTime() + d.ms);
}

export const reportsForm = z.object({
  low_stock_threshold: z
    .string()
    .trim()
    .min(1, "The low-stock threshold is required.")
    .regex(/^\d+$/, "The low-stock threshold must be a whole number, like 5.")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100_000, "The low-stock threshold must be from 1 to 100000."),
  version: versionField,
});

/**
 * The seller on tax invoices: legal name, GSTIN, the state supply starts from (CGST + SGST to
 * buyers in it, IGST elsewhere), the address printed, and the HSN code of products without one.
 * The GSTIN is checked with the same rule the checkout checks a buyer's with (shape, state code,
 * check character), and must belong to the state chosen. Empty means not registered yet.
 */
export const storeTaxForm = z
  .object({
    legal_name: z.string().trim().min(1, "The legal name is required.").max(200, "The legal name can be at most 200 characters."),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .transform((v) => v.replace(/\s/g, "")),
    state_code: z.enum(INDIAN_STATES.map((s) => s.code) as [string, ...string[]], { message: "Choose the state or union territory the shop is registered in." }),
    address: z.string().trim().min(1, "The address is required: it is printed on every invoice.").max(500, "The address can be at most 500 characters."),
    default_hsn: z
      .string()
      .trim()
      .regex(/^(\d{4}|\d{6}|\d{8})$/, "The HSN code has 4, 6 or 8 digits, like 7323."),
    version: versionField,
  })
  .superRefine((data, ctx) => {
    if (!data.gstin) return;
    const problem = gstinProblem(data.gstin);
    if (problem) ctx.addIssue({ code: "custom", path: ["gstin"], message: GSTIN_MESSAGES[problem] });
    else if (data.gstin.slice(0, 2) !== data.state_code) {
      ctx.addIssue({ code: "custom", path: ["gstin"], message: `This GSTIN is registered in ${stateByCode(data.gstin.slice(0, 2))?.name}; choose that state, or the GSTIN of this one.` });
    }
  });

/** Cash on delivery: offered or not, its fee, and the largest order (fee included) it may pay. */
export const codForm = z.object({
  enabled: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  fee: rupees("The COD fee", 1_000),
  max_order: rupees("The maximum COD order value", 10_00_000),
  version: versionField,
});

/** How long an unpaid online order holds its stock before it is cancelled. */
export const paymentHoldForm = z.object({
  minutes: z
    .string()
    .trim()
    .min(1, "The hold is required.")
    .regex(/^\d+$/, "The hold must be a whole number of minutes, like 15.")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 24 * 60, "The hold must be from 1 to 1440 minutes (a day)."),
  version: versionField,
});

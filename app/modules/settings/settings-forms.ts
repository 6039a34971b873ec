import { z } from "zod";
import { GST_RATE_MESSAGE, isGstRate } from "~/lib/india";
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

import { z } from "zod";
import { GSTIN_MESSAGES, INDIAN_STATES, gstinProblem, stateByCode } from "~/lib/india";
import { mobileField, postalAddressFields, type PostalAddress } from "~/lib/postal-address";

// The checkout form's one schema: the browser checks with it before sending, the server checks
// again with the same rules. Every field has its own message, shown beside it.

export const PAYMENT_METHODS = ["cod", "razorpay"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

function address(prefix: "ship" | "bill") {
  return postalAddressFields(prefix, prefix === "ship" ? "the recipient's name" : "the billing name");
}

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

const base = z.object({
  email: z.string({ message: "Enter your email address." }).trim().toLowerCase().max(254, "Email can be at most 254 characters.").email("Enter a valid email address, like name@example.com."),
  phone: mobileField,
  ...address("ship"),
  billingSame: checkbox,
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((v) => v || undefined),
  paymentMethod: z.enum(PAYMENT_METHODS, { message: "Choose how you want to pay." }),
  /** A discount code the shopper applied; the server looks it up and prices it itself. */
  discountCode: z
    .string()
    .trim()
    .max(64, "A discount code has at most 64 characters.")
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
  /** One per checkout attempt: the same key sent again returns the same order. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "This checkout form has expired. Please reload the page."),
  /** What the shopper was shown (a digest of lines and prices): a change since is shown before placing the order. */
  quoteDigest: z.string().regex(/^[a-f0-9]{16,64}$/, "This checkout form has expired. Please reload the page."),
});

const billing = z.object(address("bill")).partial();

/**
 * The page always sends the billing fields (they are only hidden while "same as shipping" is
 * ticked, so the box works before any script runs): with the box ticked they are set aside unread.
 */
function withoutBillingWhenSame(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return input;
  const form = input as Record<string, unknown>;
  if (form.billingSame !== "on" && form.billingSame !== "true") return input;
  return Object.fromEntries(Object.entries(form).filter(([key]) => !key.startsWith("bill") || key === "billingSame"));
}

const checkoutRules = base.and(billing).superRefine((form, ctx) => {
  const data = form as Record<string, unknown>;
  if (!data.billingSame) {
    const parsed = z.object(address("bill")).safeParse(data);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: "custom", message: issue.message });
  }
  if (typeof data.gstin === "string") {
    const problem = gstinProblem(data.gstin);
    const billState = (data.billingSame ? data.shipState : data.billState) as string | undefined;
    if (problem) ctx.addIssue({ code: "custom", path: ["gstin"], message: GSTIN_MESSAGES[problem] });
    else if (billState && data.gstin.slice(0, 2) !== billState) {
      ctx.addIssue({ code: "custom", path: ["gstin"], message: `This GSTIN is registered in ${stateByCode(data.gstin.slice(0, 2))?.name}; the billing address must be in the same state.` });
    }
  }
});

export const checkoutSchema = z.preprocess(withoutBillingWhenSame, checkoutRules);

export type CheckoutForm = z.output<typeof base> & {
  billName?: string;
  billLine1?: string;
  billLine2?: string;
  billCity?: string;
  billState?: string;
  billPin?: string;
  billLandmark?: string;
};

export type { PostalAddress };

export function shippingAddressOf(form: CheckoutForm): PostalAddress {
  const f = form as unknown as Record<string, string | undefined>;
  return { name: f.shipName!, line1: f.shipLine1!, line2: f.shipLine2, city: f.shipCity!, stateCode: f.shipState!, pin: f.shipPin!, landmark: f.shipLandmark };
}

export function billingAddressOf(form: CheckoutForm): PostalAddress {
  if (form.billingSame) return shippingAddressOf(form);
  const f = form as unknown as Record<string, string | undefined>;
  return { name: f.billName!, line1: f.billLine1!, line2: f.billLine2, city: f.billCity!, stateCode: f.billState!, pin: f.billPin!, landmark: f.billLandmark };
}

export { INDIAN_STATES };

import { z } from "zod";
import { findControlCharacter } from "./control-characters";
import { isPinCode, normaliseIndianMobile, stateByCode } from "./india";

// The field rules of an Indian postal address and mobile number, with their messages. Checkout's
// form and the shopper's address book both check with these (in the browser and again on the
// server), so an address saved in one is always valid in the other.

const capitalised = (label: string) => `${label[0]!.toUpperCase()}${label.slice(1)}`;

/** A required single-line text: trimmed, not empty, at most `max` characters, no control characters. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ message: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `${capitalised(label)} can be at most ${max} characters.`)
    .refine((v) => findControlCharacter(v, { allowLineBreaks: false }) === null, `${capitalised(label)} contains characters that are not allowed.`);

/** An optional single-line text: empty becomes undefined. */
export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .refine((v) => findControlCharacter(v, { allowLineBreaks: false }) === null, `${label} contains characters that are not allowed.`)
    .optional()
    .transform((v) => v || undefined);

/** A GST state code from the official list of states and union territories. */
export const stateField = z
  .string({ message: "Choose a state or union territory." })
  .refine((code) => !!stateByCode(code), "Choose a state or union territory from the list.");

export const pinField = z
  .string({ message: "Enter the 6-digit PIN code." })
  .trim()
  .refine((pin) => isPinCode(pin), "Enter a 6-digit PIN code that does not start with 0.");

/** An Indian mobile number, normalised to +91XXXXXXXXXX. */
export const mobileField = z
  .string({ message: "Enter your mobile number." })
  .trim()
  .transform((v, ctx) => {
    const phone = normaliseIndianMobile(v);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: "Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (+91 optional)." });
      return z.NEVER;
    }
    return phone;
  });

/** An address's fields under the given name prefix ("ship" gives shipName, shipLine1, ...). */
export function postalAddressFields<P extends string>(prefix: P, who: string) {
  return {
    [`${prefix}Name`]: requiredText(who, 100),
    [`${prefix}Line1`]: requiredText("the address (house, street)", 200),
    [`${prefix}Line2`]: optionalText("Address line 2", 200),
    [`${prefix}City`]: requiredText("the city", 100),
    [`${prefix}State`]: stateField,
    [`${prefix}Pin`]: pinField,
    [`${prefix}Landmark`]: optionalText("Landmark", 120),
  } as Record<string, z.ZodType>;
}

export type PostalAddress = { name: string; line1: string; line2?: string; city: string; stateCode: string; pin: string; landmark?: string };

/** One line for lists and summaries: "Asha Rao, 12 MG Road, Bengaluru, Karnataka 560001". */
export function addressLine(a: PostalAddress): string {
  return [a.name, a.line1, a.line2, a.city, `${stateByCode(a.stateCode)?.name ?? a.stateCode} ${a.pin}`].filter(Boolean).join(", ");
}

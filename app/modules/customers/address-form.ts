import { z } from "zod";
import { mobileField, optionalText, pinField, requiredText, stateField, type PostalAddress } from "~/lib/postal-address";

// The address book's one form schema (client-safe): the page checks with it before sending, the
// server again. The rules and messages are checkout's own, so a saved address always passes there.

/** Most addresses one shopper may keep: plenty for home, work and family, and a bound on storage. */
export const MAX_SAVED_ADDRESSES = 20;

export const addressFormSchema = z.object({
  name: requiredText("the recipient's name", 100),
  phone: mobileField,
  line1: requiredText("the address (house, street)", 200),
  line2: optionalText("Address line 2", 200),
  city: requiredText("the city", 100),
  stateCode: stateField,
  pin: pinField,
  landmark: optionalText("Landmark", 120),
  makeDefault: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
});

export type AddressInput = z.output<typeof addressFormSchema>;

/** A saved address as pages show it. */
export type SavedAddress = PostalAddress & { id: string; phone: string; isDefault: boolean };

/** The checkout form's field values for a saved address (shipping fields and mobile). */
export function checkoutFieldsOf(address: SavedAddress): Record<string, string> {
  return {
    phone: address.phone.replace(/^\+91/, ""),
    shipName: address.name,
    shipLine1: address.line1,
    shipLine2: address.line2 ?? "",
    shipCity: address.city,
    shipState: address.stateCode,
    shipPin: address.pin,
    shipLandmark: address.landmark ?? "",
  };
}

/** The address book form's field values for a saved address (to edit it). */
export function formValuesOf(address: SavedAddress): Record<string, string> {
  return {
    name: address.name,
    phone: address.phone.replace(/^\+91/, ""),
    line1: address.line1,
    line2: address.line2 ?? "",
    city: address.city,
    stateCode: address.stateCode,
    pin: address.pin,
    landmark: address.landmark ?? "",
    makeDefault: address.isDefault ? "on" : "",
  };
}

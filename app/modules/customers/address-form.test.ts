import { describe, expect, it } from "vitest";
import { checkoutSchema } from "~/modules/orders/checkout-form";
import { addressFormSchema, checkoutFieldsOf, formValuesOf, type SavedAddress } from "./address-form";

const good = { name: "Asha Rao", phone: "98765 43210", line1: "12, 4th Cross, Indiranagar", line2: "", city: "Bengaluru", stateCode: "29", pin: "560038", landmark: "", makeDefault: "on" };

function errorsOf(form: Record<string, unknown>): Record<string, string> {
  const parsed = addressFormSchema.safeParse(form);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe("the address book's form", () => {
  it("accepts a complete address and normalises it", () => {
    expect(addressFormSchema.parse(good)).toEqual({ name: "Asha Rao", phone: "+919876543210", line1: "12, 4th Cross, Indiranagar", line2: undefined, city: "Bengaluru", stateCode: "29", pin: "560038", landmark: undefined, makeDefault: true });
    expect(addressFormSchema.parse({ ...good, makeDefault: undefined }).makeDefault).toBe(false);
  });

  it("gives every wrong field checkout's own message", () => {
    const cases: [string, unknown, RegExp][] = [
      ["name", "", /Enter the recipient's name/],
      ["phone", "12345", /10-digit Indian mobile/],
      ["line1", " ", /Enter the address/],
      ["line2", "x".repeat(201), /at most 200/],
      ["city", "", /Enter the city/],
      ["stateCode", "99", /state or union territory from the list/],
      ["pin", "012345", /does not start with 0/],
      ["landmark", "near\u0007", /not allowed/],
    ];
    for (const [field, value, message] of cases) expect(errorsOf({ ...good, [field]: value })[field], field).toMatch(message);
  });

  it("fills checkout's fields and its own edit form from a saved address; checkout accepts them as they are", () => {
    const saved: SavedAddress = { id: "a", name: "Asha Rao", phone: "+919876543210", line1: "12 MG Road", line2: "Flat 4", city: "Bengaluru", stateCode: "29", pin: "560001", landmark: undefined, isDefault: true };
    const fields = checkoutFieldsOf(saved);
    expect(fields).toMatchObject({ phone: "9876543210", shipName: "Asha Rao", shipLine2: "Flat 4", shipLandmark: "", shipState: "29" });
    const form = { ...fields, email: "asha@example.in", billingSame: "on", paymentMethod: "cod", idempotencyKey: "k_0123456789abcdef", quoteDigest: "0123456789abcdef" };
    expect(checkoutSchema.safeParse(form).success).toBe(true);
    expect(addressFormSchema.safeParse(formValuesOf(saved)).success).toBe(true);
  });
});

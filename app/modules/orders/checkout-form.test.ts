import { describe, expect, it } from "vitest";
import { gstinCheckCharacter } from "~/lib/india";
import { billingAddressOf, checkoutSchema } from "./checkout-form";

const good = {
  email: "Asha@Example.in",
  phone: "+91 98765 43210",
  shipName: "Asha Rao",
  shipLine1: "12, 4th Cross, Indiranagar",
  shipLine2: "",
  shipCity: "Bengaluru",
  shipState: "29",
  shipPin: "560038",
  shipLandmark: "",
  billingSame: "on",
  gstin: "",
  paymentMethod: "cod",
  idempotencyKey: "k_0123456789abcdef",
  quoteDigest: "0123456789abcdef0123",
};

function errorsOf(form: Record<string, unknown>): Record<string, string> {
  const parsed = checkoutSchema.safeParse(form);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe("checkout form", () => {
  it("accepts a complete form and normalises it", () => {
    const parsed = checkoutSchema.parse(good);
    expect(parsed).toMatchObject({ email: "asha@example.in", phone: "+919876543210", billingSame: true, gstin: undefined });
    expect(billingAddressOf(parsed)).toMatchObject({ name: "Asha Rao", stateCode: "29", pin: "560038" });
  });

  it("gives every wrong field its own message", () => {
    const cases: [string, unknown, RegExp][] = [
      ["email", "asha@", /valid email/],
      ["phone", "12345", /10-digit Indian mobile/],
      ["phone", "5876543210", /starting with 6, 7, 8 or 9/],
      ["shipName", " ", /recipient's name/],
      ["shipLine1", "", /address/],
      ["shipCity", "", /city/],
      ["shipState", "99", /state or union territory/],
      ["shipPin", "060001", /6-digit PIN code that does not start with 0/],
      ["shipPin", "5600", /6-digit PIN/],
      ["paymentMethod", "cheque", /how you want to pay/],
      ["shipLandmark", "x".repeat(121), /at most 120/],
      ["shipName", "Asha\u0000", /not allowed/],
    ];
    for (const [field, value, message] of cases) {
      const errors = errorsOf({ ...good, [field]: value });
      expect(errors[field], `${field}=${JSON.stringify(value)}`).toMatch(message);
    }
  });

  it("asks for a billing address when it differs, and checks a GSTIN against it", () => {
    expect(Object.keys(errorsOf({ ...good, billingSame: "" }))).toEqual(expect.arrayContaining(["billName", "billLine1", "billCity", "billState", "billPin"]));
    const mh = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
    expect(errorsOf({ ...good, gstin: mh }).gstin).toMatch(/registered in Maharashtra/);
    const ka = `29AAPFU0939F1Z${gstinCheckCharacter("29AAPFU0939F1Z")}`;
    expect(errorsOf({ ...good, gstin: ka })).toEqual({});
    expect(errorsOf({ ...good, gstin: "29AAPFU0939F1Z0" === ka ? "29AAPFU0939F1Z1" : "29AAPFU0939F1Z0" }).gstin).toMatch(/typing mistake/);
    expect(errorsOf({ ...good, gstin: "29ABC" }).gstin).toMatch(/15 characters/);
    expect(errorsOf({ ...good, billingSame: "", billName: "Rao Traders", billLine1: "MG Road", billCity: "Pune", billState: "27", billPin: "411001", gstin: mh })).toEqual({});
  });

  it("sets the (hidden) billing fields aside while billing is the same as shipping", () => {
    const hidden = { billName: "", billLine1: "", billLine2: "", billCity: "", billState: "", billPin: "", billLandmark: "" };
    const parsed = checkoutSchema.parse({ ...good, ...hidden, billName: "Someone Else" });
    expect(billingAddressOf(parsed)).toMatchObject({ name: "Asha Rao", city: "Bengaluru" });
    expect(Object.keys(parsed).filter((k) => k.startsWith("bill") && k !== "billingSame")).toEqual([]);
    // Unticked, the same empty fields are each asked for.
    expect(Object.keys(errorsOf({ ...good, ...hidden, billingSame: undefined })).sort()).toEqual(["billCity", "billLine1", "billName", "billPin", "billState"]);
  });
});

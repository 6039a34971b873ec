import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form-errors";
import { gstinCheckCharacter } from "~/lib/india";
import { bypassExpiry, bypassForm, codForm, maintenanceForm, paymentHoldForm, pricingForm, storeDetailsForm, storeTaxForm } from "./settings-forms";

describe("settings forms", () => {
  it("store details: trims, checks the phone and email, keeps the version", () => {
    expect(storeDetailsForm.parse({ store_name: " GLACIAL ", phone: "+91 80 4718 2200", email: " care@glacial.in ", version: "3" })).toEqual({
      store_name: "GLACIAL",
      phone: "+91 80 4718 2200",
      email: "care@glacial.in",
      version: 3,
    });
    const errors = fieldErrors(storeDetailsForm.safeParse({ store_name: "", phone: "call us", email: "nope", version: "x" }).error!);
    expect(Object.keys(errors).sort()).toEqual(["email", "phone", "store_name", "version"]);
  });

  it("GST one of the slabs; shipping amounts in rupees (converted to paise by the caller)", () => {
    expect(pricingForm.parse({ gst_percentage: "12", free_shipping_over: "4999", flat_shipping_fee: "99.50", gst_version: "1", shipping_version: "0" })).toEqual({
      gst_percentage: 12,
      free_shipping_over: 4999,
      flat_shipping_fee: 99.5,
      gst_version: 1,
      shipping_version: 0,
    });
    expect(pricingForm.safeParse({ gst_percentage: "0", free_shipping_over: "0", flat_shipping_fee: "0", gst_version: "1", shipping_version: "1" }).success).toBe(true);
    const errors = fieldErrors(pricingForm.safeParse({ gst_percentage: "28.5", free_shipping_over: "-1", flat_shipping_fee: "1e3", gst_version: "1", shipping_version: "1" }).error!);
    expect(errors).toEqual({
      gst_percentage: "Choose a GST rate of 0, 3, 5, 12, 18 or 28 percent.",
      free_shipping_over: "Free-shipping threshold must be an amount in rupees, like 4999 or 99.50.",
      flat_shipping_fee: "Flat shipping fee must be an amount in rupees, like 4999 or 99.50.",
    });
    for (const off of ["17", "29", "12.5", "-5"]) {
      expect(fieldErrors(pricingForm.safeParse({ gst_percentage: off, free_shipping_over: "1", flat_shipping_fee: "1", gst_version: "1", shipping_version: "1" }).error!).gst_percentage, off).toBe("Choose a GST rate of 0, 3, 5, 12, 18 or 28 percent.");
    }
    expect(fieldErrors(pricingForm.safeParse({ gst_percentage: "", free_shipping_over: "1", flat_shipping_fee: "1", gst_version: "1", shipping_version: "1" }).error!).gst_percentage).toBe("GST percentage is required.");
  });

  it("maintenance: a checkbox and a message of at most 2000 characters", () => {
    expect(maintenanceForm.parse({ enabled: "on", message: " Back soon ", version: "0" })).toEqual({ enabled: true, message: "Back soon", version: 0 });
    expect(maintenanceForm.parse({ message: "", version: "2" }).enabled).toBe(false);
    expect(fieldErrors(maintenanceForm.safeParse({ message: "x".repeat(2001), version: "1" }).error!).message).toBe("The message can be at most 2000 characters.");
  });

  it("bypass links: a label and one of the offered lifetimes", () => {
    expect(fieldErrors(bypassForm.safeParse({ label: " ", duration: "1y" }).error!)).toEqual({ label: "A label is required.", duration: "Choose how long the link works." });
    const now = new Date("2026-11-22T10:00:00Z");
    expect(bypassExpiry("7d", now).toISOString()).toBe("2026-11-29T10:00:00.000Z");
    expect(bypassExpiry("1h", now).toISOString()).toBe("2026-11-22T11:00:00.000Z");
  });

  it("tax details: a GSTIN checked like the checkout's and of the state chosen; empty while not registered", () => {
    const gstin = `07AAPFU0939F1Z${gstinCheckCharacter("07AAPFU0939F1Z")}`;
    const fields = { legal_name: " GLACIAL Hydration Pvt Ltd ", state_code: "07", address: "Okhla, New Delhi 110020", default_hsn: "7323", version: "2" };
    expect(storeTaxForm.parse({ ...fields, gstin: gstin.toLowerCase() })).toEqual({ ...fields, legal_name: "GLACIAL Hydration Pvt Ltd", gstin, version: 2 });
    expect(storeTaxForm.parse({ ...fields, gstin: "" }).gstin).toBe("");
    expect(fieldErrors(storeTaxForm.safeParse({ ...fields, gstin, state_code: "29" }).error!)).toEqual({ gstin: "This GSTIN is registered in Delhi; choose that state, or the GSTIN of this one." });
    expect(fieldErrors(storeTaxForm.safeParse({ ...fields, gstin: `${gstin.slice(0, 14)}${gstin[14] === "0" ? "1" : "0"}` }).error!)).toEqual({ gstin: "This GSTIN is not valid: check it for a typing mistake." });
    expect(Object.keys(fieldErrors(storeTaxForm.safeParse({ legal_name: "", gstin: "", state_code: "00", address: "", default_hsn: "12345", version: "" }).error!)).sort()).toEqual([
      "address",
      "default_hsn",
      "legal_name",
      "state_code",
      "version",
    ]);
  });

  it("cash on delivery: a checkbox and two amounts in rupees; the payment hold in whole minutes", () => {
    expect(codForm.parse({ enabled: "on", fee: "49", max_order: "20000", version: "0" })).toEqual({ enabled: true, fee: 49, max_order: 20_000, version: 0 });
    expect(codForm.parse({ fee: "0", max_order: "0", version: "1" }).enabled).toBe(false);
    expect(fieldErrors(codForm.safeParse({ fee: "1001", max_order: "", version: "1" }).error!)).toEqual({ fee: "The COD fee can be at most ₹1,000.", max_order: "The maximum COD order value is required." });
    expect(paymentHoldForm.parse({ minutes: " 20 ", version: "3" })).toEqual({ minutes: 20, version: 3 });
    expect(fieldErrors(paymentHoldForm.safeParse({ minutes: "", version: "3" }).error!)).toEqual({ minutes: "The hold is required." });
  });
});

import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form-errors";
import { bypassExpiry, bypassForm, maintenanceForm, pricingForm, storeDetailsForm } from "./settings-forms";

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
});

import { describe, expect, it } from "vitest";
import { acceptsForeignPosts, ADMIN_BODY_LIMIT, bodyLimitFor, isAdminPath, isUploadPath, pathKindOf, PUBLIC_BODY_LIMIT, UPLOAD_BODY_LIMIT, WEBHOOK_BODY_LIMIT } from "./path-kinds";

describe("path kinds", () => {
  it("names each kind of path, data requests included", () => {
    const cases: [string, ReturnType<typeof pathKindOf>][] = [
      ["/", "storefront"],
      ["/_root.data", "storefront"],
      ["/product/a.data", "storefront"],
      ["/administrator", "storefront"],
      ["/admin", "admin"],
      ["/admin.data", "admin"],
      ["/admin/catalog.data", "admin"],
      ["/admin/login", "admin-public"],
      ["/admin/reset-password.data", "admin-public"],
      ["/api/support/chat", "support-api"],
      ["/api/newsletter", "api"],
      ["/api/payments/razorpay/webhook", "webhook"],
      ["/api/payments/razorpay/webhook/x", "api"],
      ["/events/storefront", "events"],
      ["/images/products/a.webp", "image"],
      ["/assets/app-1.js", "asset"],
      ["/healthz", "health"],
      ["/feeds/google.xml", "feed"],
      ["/feedsx", "storefront"],
    ];
    for (const [path, kind] of cases) expect(pathKindOf(path), path).toBe(kind);
    expect(isAdminPath("/admin/login")).toBe(true);
    expect(isAdminPath("/administrator")).toBe(false);
  });

  it("lets only webhooks and unsubscribe links take posts from another site", () => {
    expect(acceptsForeignPosts("/api/payments/razorpay/webhook")).toBe(true);
    expect(acceptsForeignPosts("/unsubscribe/cart-reminders/0b0c.data")).toBe(true);
    expect(acceptsForeignPosts("/checkout")).toBe(false);
    expect(acceptsForeignPosts("/unsubscribed")).toBe(false);
  });

  it("gives uploads room for one file, staff forms more than shoppers' forms", () => {
    expect(isUploadPath("/admin/catalog/edit/0b0c/media")).toBe(true);
    expect(isUploadPath("/admin/hero-carousel.data")).toBe(true);
    expect(isUploadPath("/admin/catalog")).toBe(false);
    expect(bodyLimitFor("/admin/catalog/import")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/admin/settings.data")).toBe(ADMIN_BODY_LIMIT);
    expect(bodyLimitFor("/admin/login")).toBe(PUBLIC_BODY_LIMIT);
    expect(bodyLimitFor("/api/support/chat")).toBe(PUBLIC_BODY_LIMIT);
    expect(bodyLimitFor("/checkout")).toBe(PUBLIC_BODY_LIMIT);
    expect(UPLOAD_BODY_LIMIT).toBeGreaterThan(10_485_760);
    // A payment notice is a few kilobytes: its path reads far less than a shopper's form.
    expect(bodyLimitFor("/api/payments/razorpay/webhook")).toBe(WEBHOOK_BODY_LIMIT);
    expect(WEBHOOK_BODY_LIMIT).toBeLessThan(PUBLIC_BODY_LIMIT);
  });
});

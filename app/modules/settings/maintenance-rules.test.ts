import { describe, expect, it } from "vitest";
import { gateDecision, isGatedPath, pagePathOf } from "./maintenance-rules";

describe("maintenance gate paths", () => {
  it("gates storefront pages, their data requests and storefront endpoints", () => {
    for (const p of ["/", "/cart", "/product/glacier-classic-bottle", "/_root.data", "/cart.data", "/api/newsletter", "/events/storefront", "/sitemap.xml", "/feeds/google.xml"]) {
      expect(isGatedPath(p), p).toBe(true);
    }
  });

  it("leaves the maintenance page, admin, auth, images, assets and health open", () => {
    for (const p of ["/maintenance", "/maintenance.data", "/admin", "/admin/login", "/admin/catalog.data", "/api/auth/sign-in/email", "/images/hero/a.webp", "/assets/app-1.js", "/healthz", "/favicon.ico", "/hero/hero-1.svg", "/__manifest"]) {
      expect(isGatedPath(p), p).toBe(false);
    }
  });

  it("leaves payment notices open: a payment made before maintenance began still reaches its order", () => {
    expect(isGatedPath("/api/payments/razorpay/webhook")).toBe(false);
    expect(isGatedPath("/api/payments/other")).toBe(true);
  });

  it("leaves the support chat open on purpose: conversations, messages and streams", () => {
    for (const p of ["/api/support/chat", "/api/support/conversations/0b0c/messages", "/api/support/conversations/0b0c/stream"]) {
      expect(isGatedPath(p), p).toBe(false);
    }
    expect(isGatedPath("/api/supportive")).toBe(true);
  });

  it("does not mistake look-alike paths for open ones", () => {
    expect(isGatedPath("/administrator")).toBe(true);
    expect(isGatedPath("/maintenance-plan")).toBe(true);
  });

  it("maps data requests to their page", () => {
    expect(pagePathOf("/_root.data")).toBe("/");
    expect(pagePathOf("/cart.data")).toBe("/cart");
    expect(pagePathOf("/cart")).toBe("/cart");
  });
});

describe("maintenance gate decision", () => {
  it("passes everyone when maintenance is off", () => {
    expect(gateDecision({ enabled: false }, { hasBypass: false, isAdmin: false })).toBe("pass");
  });
  it("blocks plain visitors when on; admins and bypass holders pass", () => {
    expect(gateDecision({ enabled: true }, { hasBypass: false, isAdmin: false })).toBe("block");
    expect(gateDecision({ enabled: true }, { hasBypass: true, isAdmin: false })).toBe("pass");
    expect(gateDecision({ enabled: true }, { hasBypass: false, isAdmin: true })).toBe("pass");
  });
});

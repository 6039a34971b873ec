import type { Module } from "~/modules/staff/permissions";
import type { Role } from "~/modules/staff/roles";

// The specification's permission matrix, written out by hand (v = view, c = create, e = edit, d = delete). Deliberately
// NOT derived from app/modules/staff/permissions.ts: the server's answers are checked against it.
// super_admin "always passes every check", so it holds every letter everywhere.
export const SPEC_PERMISSIONS: Record<Role, Record<Module, string>> = {
  super_admin: {
    dashboard: "vced", catalog: "vced", collections: "vced", merchandising: "vced", google_feed: "vced", sales: "vced",
    discounts: "vced", customers: "vced", support: "vced", content: "vced", marketing: "vced", email_templates: "vced",
    reports: "vced", settings: "vced", user_management: "vced",
  },
  admin: {
    dashboard: "v", catalog: "vced", collections: "vced", merchandising: "vced", google_feed: "vced", sales: "vced",
    discounts: "vced", customers: "vced", support: "vced", content: "vced", marketing: "vced", email_templates: "vced",
    reports: "v", settings: "v", user_management: "",
  },
  support: {
    dashboard: "v", catalog: "v", collections: "", merchandising: "", google_feed: "", sales: "v",
    discounts: "", customers: "v", support: "vce", content: "", marketing: "", email_templates: "",
    reports: "", settings: "", user_management: "",
  },
  viewer: {
    dashboard: "v", catalog: "v", collections: "", merchandising: "", google_feed: "", sales: "v",
    discounts: "", customers: "", support: "", content: "", marketing: "", email_templates: "",
    reports: "", settings: "", user_management: "",
  },
};

/** The sidebar each role must see, in the spec's order. */
export const SPEC_SIDEBAR: Record<Role, string[]> = {
  super_admin: ["Dashboard", "Products", "Collections", "Google Feed", "Orders", "Discounts", "Customers", "Support", "Content", "Marketing", "Email Templates", "Reports", "Settings", "User Management"],
  admin: ["Dashboard", "Products", "Collections", "Google Feed", "Orders", "Discounts", "Customers", "Support", "Content", "Marketing", "Email Templates", "Reports", "Settings"],
  support: ["Dashboard", "Products", "Orders", "Customers", "Support"],
  viewer: ["Dashboard", "Products", "Orders"],
};

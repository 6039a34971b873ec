import { can, type Module } from "./permissions";
import type { Role } from "./roles";

// The admin sidebar: the dashboard first, then the catalogue, selling, support, content and
// marketing, and the shop's own setup (settings, staff) last. Each entry shows only with view
// permission for its module, read from the one matrix in permissions.ts.
export type AdminPage = { label: string; href: string; module: Module };

export const ADMIN_NAV: readonly AdminPage[] = [
  { label: "Dashboard", href: "/admin/dashboard", module: "dashboard" },
  { label: "Products", href: "/admin/catalog", module: "catalog" },
  { label: "Collections", href: "/admin/collections", module: "collections" },
  { label: "Google Feed", href: "/admin/google-feed", module: "google_feed" },
  { label: "Orders", href: "/admin/sales", module: "sales" },
  { label: "Discounts", href: "/admin/discounts", module: "discounts" },
  { label: "Customers", href: "/admin/customers", module: "customers" },
  { label: "Support", href: "/admin/support", module: "support" },
  { label: "Content", href: "/admin/content", module: "content" },
  { label: "Marketing", href: "/admin/marketing", module: "marketing" },
  { label: "Email Templates", href: "/admin/email-templates", module: "email_templates" },
  { label: "Reports", href: "/admin/reports", module: "reports" },
  { label: "Settings", href: "/admin/settings", module: "settings" },
  { label: "User Management", href: "/admin/user-management", module: "user_management" },
];

/** Further staff pages the global search finds by name (beside the sidebar's). */
const MORE_PAGES: readonly (AdminPage & { action?: "create" })[] = [
  { label: "Add Product", href: "/admin/catalog/add", module: "catalog", action: "create" },
  { label: "Hero Carousel", href: "/admin/hero-carousel", module: "merchandising" },
  { label: "Merchandising", href: "/admin/merchandising", module: "merchandising" },
  { label: "Email Outbox", href: "/admin/email-templates", module: "email_templates" },
  { label: "Activity", href: "/admin/user-management/activity", module: "user_management" },
];

export function visibleNav(roles: readonly Role[]): AdminPage[] {
  return ADMIN_NAV.filter((entry) => can(roles, entry.module, "view"));
}

export function searchPages(roles: readonly Role[], query: string, limit = 8): { label: string; href: string }[] {
  const q = query.trim().toLowerCase();
  const pages = [
    ...visibleNav(roles),
    ...MORE_PAGES.filter((p) => can(roles, p.module, p.action ?? "view")),
    { label: "My Account", href: "/admin/account" },
  ];
  return pages
    .filter((p) => !q || p.label.toLowerCase().includes(q))
    .slice(0, limit)
    .map(({ label, href }) => ({ label, href }));
}

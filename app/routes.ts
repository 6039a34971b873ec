import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),

  // Staff back office. Outside the guard: sign-in, forgot and reset password.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/reset-password", "routes/admin/reset-password.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.tsx"),
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/catalog", "routes/admin/catalog.tsx"),
    route("admin/catalog/add", "routes/admin/catalog-add.tsx"),
    route("admin/catalog/edit/:id", "routes/admin/catalog-edit.tsx"),
    route("admin/collections", "routes/admin/collections.tsx"),
    route("admin/hero-carousel", "routes/admin/hero-carousel.tsx"),
    route("admin/merchandising", "routes/admin/merchandising.tsx"),
    route("admin/google-feed", "routes/admin/google-feed.tsx"),
    route("admin/sales", "routes/admin/sales.tsx"),
    route("admin/orders/:id", "routes/admin/order.tsx"),
    route("admin/discounts", "routes/admin/discounts.tsx"),
    route("admin/customers", "routes/admin/customers.tsx"),
    route("admin/content", "routes/admin/content.tsx"),
    route("admin/marketing", "routes/admin/marketing.tsx"),
    route("admin/reports", "routes/admin/reports.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
    route("admin/email-templates", "routes/admin/email-templates.tsx"),
    route("admin/support", "routes/admin/support.tsx"),
    route("admin/user-management", "routes/admin/user-management.tsx"),
    route("admin/user-management/activity", "routes/admin/user-management-activity.tsx"),
    route("admin/account", "routes/admin/account.tsx"),
    route("admin/search", "routes/admin/search.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

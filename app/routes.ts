import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // Support inbox (issue 7): plain routes until the admin layout exists; the lead nests them under it.
  route("admin/support", "routes/admin/support.tsx"),
  route("admin/support/canned-replies", "routes/admin/support.canned-replies.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

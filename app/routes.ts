import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("thank-you", "routes/thank-you.tsx"),
  route("maintenance", "routes/maintenance.tsx"),
  route("api/cart/verify", "routes/api.cart-verify.ts"),
  route("api/newsletter", "routes/api.newsletter.ts"),
  route("api/popup", "routes/api.popup.ts"),
  route("api/best-sellers", "routes/api.best-sellers.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Several URLs share one screen (spec section 2): each gets its own route id.
const categoryRoutes = [
  ["bottles", "bottles"],
  ["tumblers", "tumblers"],
  ["category/tumblers", "category-tumblers"],
  ["accessories", "accessories"],
  ["category/accessories", "category-accessories"],
  ["all-products", "all-products"],
  ["category/all-products", "category-all-products"],
] as const;
const contentRoutes = ["about", "contact", "faq", "shipping-policy", "return-policy", "privacy-policy", "terms-of-service", "cookies-policy"] as const;

export default [
  index("routes/home.tsx"),
  route("product/:slug", "routes/product.tsx"),
  route("collections/:slug", "routes/collection.tsx", { id: "collections" }),
  route("collection/:slug", "routes/collection.tsx", { id: "collection" }),
  ...categoryRoutes.map(([path, id]) => route(path, "routes/category.tsx", { id: `category:${id}` })),
  route("search", "routes/search.tsx"),
  ...contentRoutes.map((slug) => route(slug, "routes/content-page.tsx", { id: `content:${slug}` })),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  // Support inbox (issue 7): plain routes until the admin layout exists; the lead nests them under it.
  route("admin/support", "routes/admin/support.tsx"),
  route("admin/support/canned-replies", "routes/admin/support.canned-replies.tsx"),
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

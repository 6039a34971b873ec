import type { MenuItem } from "./schema";

// The header menu's shape and the fallback when none is loaded.
export const FALLBACK_MENU: MenuItem[] = [
  { id: "fallback-bottles", order: 1, type: "simple", label: "Water Bottles", url: "/bottles" },
  { id: "fallback-tumblers", order: 2, type: "simple", label: "Tumblers", url: "/tumblers" },
  { id: "fallback-accessories", order: 3, type: "simple", label: "Accessories", url: "/accessories" },
  { id: "fallback-all", order: 4, type: "simple", label: "All Products", url: "/category/all-products" },
];

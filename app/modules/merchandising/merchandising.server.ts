// The merchandising module's face for server code: the only file of it that code outside the module imports
// (besides merchandising.ts, its browser-safe face).
export { addHeroImage, loadHeroEditor, saveHeroImages } from "./hero-carousel.server";
export { saveCollectionSections, saveHomepageProducts } from "./home-merchandising.server";

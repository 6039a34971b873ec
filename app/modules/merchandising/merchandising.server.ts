// The merchandising module's face: the only file of it that code outside the module imports (it has no
// browser-safe rules for others).
export { addHeroImage, loadHeroEditor, saveHeroImages } from "./hero-carousel.server";
export { saveCollectionSections, saveHomepageProducts } from "./home-merchandising.server";

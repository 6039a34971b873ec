// The five bundled hero images (public/hero), used when hero_carousel_images is empty or fails.
export const DEFAULT_HERO_IMAGES = [
  { url: "/hero/hero-1.svg", alt: "Navy, teal and white GLACIAL bottles on a deep blue background" },
  { url: "/hero/hero-2.svg", alt: "Matte black, gray and beige GLACIAL bottles" },
  { url: "/hero/hero-3.svg", alt: "Brown, beige and orange tumblers for chai and coffee" },
  { url: "/hero/hero-4.svg", alt: "Green, orange and blue bottles for the outdoors" },
  { url: "/hero/hero-5.svg", alt: "Red, pink and purple GLACIAL gift bottles" },
];

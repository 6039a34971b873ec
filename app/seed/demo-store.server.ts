import { count } from "drizzle-orm";
import type { Db } from "~/db/types";
import { products } from "~/modules/catalog/catalog.server";
import { isContentPageSlug } from "~/modules/content/content.server";
import type { MediaStorage } from "~/modules/media/media.server";
import { siteSettings } from "~/modules/settings/settings.server";
import { heroSvg, renderWebp } from "./demo-art.server";
import { DEMO_COLLECTIONS, DEMO_PRODUCTS, type DemoProduct } from "./demo-catalogue";
import { DEMO_FAQ, DEMO_MENU, DEMO_PAGES, DEMO_POPUP } from "./demo-content";
import { createFactories, productDrawing, type MadeProduct, type ProductSpec } from "./factories.server";

// The demo store, built with the same factories as the tests' data: every record goes through its
// module's face (product editor, collection editor, media upload, menu, page, FAQ and popup
// editors), inside one transaction, so a store is either fully seeded or not at all.

/** The audit log names the demo seed as the author of what it made (no staff user did). */
export const DEMO_SEED_ACTOR = { id: null, email: "demo store seed" };

/** True when neither a product nor a setting exists yet (a read of two tables, nothing else). */
export async function isStoreEmpty(db: Db): Promise<boolean> {
  const [[p], [s]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(siteSettings),
  ]);
  return (p?.n ?? 0) === 0 && (s?.n ?? 0) === 0;
}

const HERO = [
  { colours: ["navy", "teal", "white"], alt: "Navy, teal and white GLACIAL bottles on a dark blue background" },
  { colours: ["black", "gray", "beige"], alt: "Matte black, gray and beige bottles" },
  { colours: ["brown", "beige", "orange"], alt: "Brown and beige tumblers for chai and coffee" },
  { colours: ["green", "orange", "blue"], alt: "Green, orange and blue outdoor bottles" },
  { colours: ["red", "pink", "purple"], alt: "Red, pink and purple gift bottles" },
];

/** A product of the demo catalogue as the product editor's fields: prices step up by size, stock from a fixed sequence. */
function specOf(p: DemoProduct, index: number, nextStock: () => number): ProductSpec {
  const sizeIndex = (values: Record<string, string>) => (p.sizes ? p.sizes.indexOf(values.Size!) : 0);
  const rupees = (values: Record<string, string>) => p.price + (p.step ?? 0) * sizeIndex(values);
  // Computed here, in catalogue order, so each variant gets the same stock whatever order the products are saved in.
  const stock = p.colours.flatMap((colour) => (p.sizes ?? [null]).map(() => ({ colour, stock: nextStock() })));
  return {
    title: p.title,
    slug: p.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, ""),
    description: p.description,
    status: p.status ?? "active",
    bestSeller: p.bestSeller ?? false,
    sortOrder: (index + 1) * 10,
    tags: p.tags ?? [],
    hsnCode: p.kind === "accessory" ? "3924" : "7323",
    seoDescription: p.description.slice(0, 155).trim(),
    skuBase: p.skuBase,
    options: [{ name: "Color", values: p.colours }, ...(p.sizes ? [{ name: "Size", values: p.sizes }] : [])],
    variant: (values, i) => ({
      price: rupees(values),
      compareAtPrice: p.compareAt ? Math.round((rupees(values) * p.compareAt) / 100) * 100 - 1 : null,
      stock: stock[i]!.stock,
      weightGrams: 180 + sizeIndex(values) * 90,
    }),
    images: "colours",
    shape: p.shape,
  };
}

/**
 * Draws the pictures and writes the whole demo store through the factories in one transaction.
 * `now` stamps the stored pictures' names (a fixed time gives the same names every run).
 */
export async function seedDemoStore(db: Db, storage: MediaStorage, now = new Date()): Promise<{ products: number }> {
  // Every drawing is rendered up front, side by side (the factories then find them ready).
  const [heroes] = await Promise.all([
    Promise.all(HERO.map((h, i) => renderWebp(heroSvg(i, h.colours)))),
    Promise.all(DEMO_PRODUCTS.flatMap((p) => p.colours.map((colour) => productDrawing(p.shape, colour)))),
  ]);
  let stockSeed = 17;
  const nextStock = () => {
    stockSeed = (stockSeed * 31 + 7) % 97;
    return stockSeed < 6 ? 0 : stockSeed + 3;
  };
  const specs = DEMO_PRODUCTS.map((p, i) => specOf(p, i, nextStock));

  await db.transaction(async (tx) => {
    const make = createFactories({ db: tx, storage, actor: DEMO_SEED_ACTOR, clock: () => now.getTime() });
    // Saved last first, so the first product of the catalogue is the newest (the "newest" sort).
    const made = new Map<string, MadeProduct>();
    for (const spec of [...specs].reverse()) made.set(spec.title!, await make.product(spec));
    const byTitle = (title: string) => made.get(title)!;

    for (const c of DEMO_COLLECTIONS) {
      const members = DEMO_PRODUCTS.filter((p) => (p.collections as readonly string[]).includes(c.slug)).map((p) => byTitle(p.title));
      // The collection's hero is its first active product's primary picture, picked from the library.
      const hero = members.find((p) => p.status === "active");
      await make.collection({ ...c, heroImageId: hero?.primaryImageId ?? null, productIds: members.map((p) => p.id) });
    }

    const primaryFile = (title: string) => byTitle(title).images.find((m) => m.isPrimary)!.fileUrl;
    for (const [i, h] of HERO.entries()) await make.heroSlide({ alt: h.alt, bytes: heroes[i]!, fileName: `hero-${i + 1}.webp` });
    await make.collectionTiles({ bottles: primaryFile("Glacier Classic Bottle"), tumblers: primaryFile("Chai Tumbler") });
    await make.setting("gst_settings", { percentage: 18 });
    await make.setting("homepage_products", { bottles: 8, tumblers: 8, show_load_more: true });
    await make.setting("store_contact", { store_name: "GLACIAL", phone: "+91 80 4718 2200", email: "care@glacial.in" });
    // The FAQ's warranty answer prints it through {warranty} (content/warranty.ts), as does the service strip.
    await make.setting("warranty", { period: "2 years" });
    await make.menu(DEMO_MENU);
    await make.faq(DEMO_FAQ);
    for (const p of DEMO_PAGES) {
      if (!isContentPageSlug(p.slug)) throw new Error(`The demo page ${p.slug} has no address in the shop.`);
      await make.page({ slug: p.slug, title: p.title, body: p.body, seoDescription: p.seoDescription });
    }
    await make.popup(DEMO_POPUP);
  });
  return { products: specs.length };
}

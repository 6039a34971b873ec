import { count, eq } from "drizzle-orm";
import type { Db } from "~/db/types";
import { collections, productCollections, productVariants, products } from "~/modules/catalog/schema";
import { baseSku, combineOptions, uniqueSku } from "~/modules/catalog/variant-rules";
import { contentPages, faqItems, menus } from "~/modules/content/schema";
import { popups } from "~/modules/marketing/schema";
import { objectName } from "~/modules/media/paths";
import { media } from "~/modules/media/schema";
import type { MediaStorage } from "~/modules/media/storage.server";
import { siteSettings } from "~/modules/settings/schema";
import { heroSvg, productSvg, renderWebp } from "./demo-art.server";
import { DEMO_COLLECTIONS, DEMO_PRODUCTS, type DemoProduct } from "./demo-catalogue";
import { DEMO_FAQ, DEMO_MENU, DEMO_PAGES, DEMO_POPUP } from "./demo-content";

// The demo store is fixture data like a migration: it writes every module's tables directly,
// once, into an empty database. Live code goes through each module's face instead.

export async function isStoreEmpty(db: Db): Promise<boolean> {
  const [[p], [s]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(siteSettings),
  ]);
  return (p?.n ?? 0) === 0 && (s?.n ?? 0) === 0;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const HERO = [
  { colours: ["navy", "teal", "white"], alt: "Navy, teal and white GLACIAL bottles on a dark blue background" },
  { colours: ["black", "gray", "beige"], alt: "Matte black, gray and beige bottles" },
  { colours: ["brown", "beige", "orange"], alt: "Brown and beige tumblers for chai and coffee" },
  { colours: ["green", "orange", "blue"], alt: "Green, orange and blue outdoor bottles" },
  { colours: ["red", "pink", "purple"], alt: "Red, pink and purple gift bottles" },
];

type PreparedProduct = DemoProduct & { slug: string; images: Map<string, string> };

/** Renders the artwork into storage, then writes the whole store in one transaction. */
export async function seedDemoStore(db: Db, storage: MediaStorage, now = new Date()): Promise<{ products: number }> {
  const stamp = now.getTime();
  const art = new Map<string, Buffer>();
  const renderOnce = async (key: string, svg: () => string) => {
    let bytes = art.get(key);
    if (!bytes) art.set(key, (bytes = await renderWebp(svg())));
    return bytes;
  };

  const prepared: PreparedProduct[] = [];
  for (const p of DEMO_PRODUCTS) {
    const slug = slugify(p.title);
    const images = new Map<string, string>();
    for (const colour of p.colours) {
      const name = objectName("products", `${slug}-${colour.toLowerCase()}.webp`, stamp);
      await storage.put(name, await renderOnce(`${p.shape}:${colour}`, () => productSvg(p.shape, colour)));
      images.set(colour, name);
    }
    prepared.push({ ...p, slug, images });
  }
  const heroNames: string[] = [];
  for (const [i, h] of HERO.entries()) {
    const name = objectName("hero", `hero-${i + 1}.webp`, stamp);
    await storage.put(name, await renderWebp(heroSvg(i, h.colours), 80));
    heroNames.push(name);
  }

  await db.transaction(async (tx) => {
    const collectionRows = await tx
      .insert(collections)
      .values(DEMO_COLLECTIONS.map((c, i) => ({ ...c, isActive: true, sortOrder: (i + 1) * 10 })))
      .returning({ id: collections.id, slug: collections.slug });
    const collectionId = new Map(collectionRows.map((c) => [c.slug, c.id]));
    const memberCount = new Map<string, number>();
    const usedSkus = new Set<string>();
    let stockSeed = 17;

    for (const [index, p] of prepared.entries()) {
      const options = [{ name: "Color", values: p.colours }, ...(p.sizes ? [{ name: "Size", values: p.sizes }] : [])];
      const [product] = await tx
        .insert(products)
        .values({
          slug: p.slug,
          title: p.title,
          description: p.description,
          status: p.status ?? "active",
          isBestSeller: p.bestSeller ?? false,
          sortOrder: (index + 1) * 10,
          tags: p.tags ?? [],
          options,
          hsnCode: p.kind === "accessory" ? "3924" : "7323",
          seoDescription: p.description.slice(0, 155).trim(),
          createdAt: new Date(stamp - index * 86_400_000),
        })
        .returning({ id: products.id });
      const productId = product!.id;

      const combos = combineOptions(options);
      const variantRows = [];
      for (const [vi, combo] of combos.entries()) {
        const sizeIndex = p.sizes ? p.sizes.indexOf(combo.optionValues.Size!) : 0;
        const rupees = p.price + (p.step ?? 0) * sizeIndex;
        const sku = await uniqueSku(baseSku(p.skuBase, combo.values), (s) => usedSkus.has(s));
        usedSkus.add(sku);
        stockSeed = (stockSeed * 31 + 7) % 97;
        variantRows.push({
          productId,
          sku,
          title: combo.title,
          optionValues: combo.optionValues,
          pricePaise: rupees * 100,
          compareAtPricePaise: p.compareAt ? (Math.round((rupees * p.compareAt) / 100) * 100 - 1) * 100 : null,
          stockQuantity: stockSeed < 6 ? 0 : stockSeed + 3,
          weightGrams: 180 + sizeIndex * 90,
          sortOrder: vi,
        });
      }
      const variants = await tx.insert(productVariants).values(variantRows).returning();

      const firstColour = p.colours[0]!;
      await tx.insert(media).values([
        { fileUrl: p.images.get(firstColour)!, productId, isPrimary: true, sortOrder: 0, alt: `${p.title} in ${firstColour}`, mimeType: "image/webp", width: 800, height: 800 },
        ...variants.map((v, i) => {
          const colour = v.optionValues.Color!;
          return { fileUrl: p.images.get(colour)!, productId, variantId: v.id, sortOrder: i + 1, alt: `${p.title} in ${colour}`, mimeType: "image/webp", width: 800, height: 800 };
        }),
      ]);

      const memberships = p.collections.map((slug) => {
        const n = memberCount.get(slug) ?? 0;
        memberCount.set(slug, n + 1);
        return { collectionId: collectionId.get(slug)!, productId, sortOrder: n };
      });
      if (memberships.length) await tx.insert(productCollections).values(memberships);
    }

    // Each collection's hero is its first product's primary image.
    for (const c of DEMO_COLLECTIONS) {
      const first = prepared.find((p) => p.collections.includes(c.slug) && (p.status ?? "active") === "active");
      if (!first) continue;
      const [hero] = await tx
        .insert(media)
        .values({ fileUrl: first.images.get(first.colours[0]!)!, alt: c.name, mimeType: "image/webp", width: 800, height: 800 })
        .returning({ id: media.id });
      await tx.update(collections).set({ heroImageId: hero!.id }).where(eq(collections.slug, c.slug));
    }

    const imageOf = (title: string) => {
      const p = prepared.find((x) => x.title === title)!;
      return p.images.get(p.colours[0]!)!;
    };
    await tx.insert(siteSettings).values([
      { key: "gst_settings", value: { percentage: 18 } },
      { key: "homepage_products", value: { bottles: 8, tumblers: 8, show_load_more: true } },
      { key: "hero_carousel_images", value: heroNames.map((url, i) => ({ url, alt: HERO[i]!.alt })) },
      {
        key: "collection_sections",
        value: { bottles: { image_url: imageOf("Glacier Classic Bottle") }, tumblers: { image_url: imageOf("Chai Tumbler") } },
      },
      { key: "store_contact", value: { store_name: "GLACIAL", phone: "+91 80 4718 2200", email: "care@glacial.in" } },
      // The FAQ's warranty answer prints it through {warranty} (content/warranty.ts), as does the service strip.
      { key: "warranty", value: { period: "2 years" } },
    ]);
    await tx.insert(menus).values({ type: "header", isActive: true, items: DEMO_MENU });
    await tx.insert(faqItems).values(DEMO_FAQ.map((f, i) => ({ ...f, sortOrder: i })));
    await tx.insert(contentPages).values(DEMO_PAGES.map((p) => ({ slug: p.slug, title: p.title, bodyMarkdown: p.body, seoDescription: p.seoDescription })));
    await tx.insert(popups).values(DEMO_POPUP);
  });
  return { products: prepared.length };
}


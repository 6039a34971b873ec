import type { Db } from "~/db/types";
import type { AuditActor } from "~/modules/audit/audit.server";
import { notifyCatalogChanged, saveCollection, saveProduct, listProductVariants, type ProductVariantRow } from "~/modules/catalog/catalog.server";
import { collectionInput, productInput, slugify, type ProductOption, combineOptions } from "~/modules/catalog/catalog";
import { loadFaqEditor, saveFaqItems, loadMenuEditor, saveHeaderMenu, loadPageForEdit, saveContentPage, type ContentPageSlug } from "~/modules/content/content.server";
import { menuItemSchema, type MenuItem } from "~/modules/content/content";
import { createLocalEventBus, type EventBus } from "~/modules/events/events.server";
import { savePopup } from "~/modules/marketing/marketing.server";
import { popupForm } from "~/modules/marketing/marketing";
import { recordProductImage, storeProductImageFile, type MediaStorage } from "~/modules/media/media.server";
import { addHeroImage, saveCollectionSections } from "~/modules/merchandising/merchandising.server";
import type { SaveOutcome } from "~/lib/save-outcome";
import { publishSettingChanged, readSettingForEdit, setSetting, type SettingKey, type SettingValue } from "~/modules/settings/settings.server";
import { productSvg, renderWebp, type ArtShape } from "./demo-art.server";

// Records made the way the shop makes them: every factory writes through the owning module's
// face (the product editor's save, the collection editor, the menu, page and FAQ editors, the popup
// editor, the media upload with its checks), so a record made here is one staff could have made.
// The demo store is built from these, and so is the data of the tests that make their own records
// (tests/support/factories.ts opens them on a test's database with a picture folder of its own).
// Defaults are plain; each call may override any field, and the slug of every product and
// collection made with the default is new.

export type FactoryDeps = {
  db: Db;
  /** Where pictures are stored (the shop's media storage). */
  storage: MediaStorage;
  /** Told about every change, as the editors tell it; an in-process bus no one hears when absent. */
  events?: EventBus;
  /** Named on the audit rows of faces that write one; by default "no staff user" (null id). */
  actor?: AuditActor;
  /** The time stamped into stored pictures' names (a fixed clock gives the same names each run). */
  clock?: () => number;
};

export const FACTORY_ACTOR: AuditActor = { id: null, email: "factory" };

export type VariantSpec = { price?: number; compareAtPrice?: number | null; stock?: number; weightGrams?: number | null; sku?: string; barcode?: string };

export type ProductSpec = {
  title?: string;
  /** Default: the title's slug with a number no other call used. */
  slug?: string;
  description?: string;
  vendor?: string;
  status?: "draft" | "active" | "archived";
  tags?: string[];
  bestSeller?: boolean;
  sortOrder?: number;
  seoTitle?: string;
  seoDescription?: string;
  /** Default 7323 (steel tableware); "" for none. */
  hsnCode?: string;
  /** The start of every generated SKU (the editor's SKU base). */
  skuBase?: string;
  /** The option sets; default one colour, Black. */
  options?: ProductOption[];
  /** Every variant's price in rupees (default ₹1,499), compare-at price, stock (default 25) and weight. */
  price?: number;
  compareAtPrice?: number | null;
  stock?: number;
  weightGrams?: number | null;
  /** Per-variant fields, given the variant's option values and its place in the editor's order. */
  variant?: (optionValues: Record<string, string>, index: number) => VariantSpec;
  collectionIds?: string[];
  /**
   * Pictures: "primary" (default) one picture of the first colour as the product's primary image;
   * "colours" also a picture per colour shown for each of that colour's variants; "none".
   */
  images?: "none" | "primary" | "colours";
  /** The drawing used for the pictures (default a bottle). */
  shape?: ArtShape;
  /** The picture of one colour as WebP bytes, instead of the drawing. */
  picture?: (colour: string) => Promise<Uint8Array>;
};

export type MadeProduct = {
  id: string;
  version: number;
  title: string;
  slug: string;
  status: "draft" | "active" | "archived";
  isBestSeller: boolean;
  tags: string[];
  options: ProductOption[];
  collectionIds: string[];
  variants: ProductVariantRow[];
  images: Awaited<ReturnType<typeof recordProductImage>>;
  /** The primary image's media id (for a collection's hero), or null. */
  primaryImageId: string | null;
};

export type CollectionSpec = {
  name?: string;
  slug?: string;
  description?: string;
  isActive?: boolean;
  /** A stored image's media id (a product's picture, as the editor's image picker offers). */
  heroImageId?: string | null;
  /** The collection's products, in this order. */
  productIds?: string[];
};

export type PageSpec = { slug: ContentPageSlug; title?: string; body?: string; seoDescription?: string };

export type PopupSpec = {
  title?: string;
  description?: string | null;
  emailCollection?: boolean;
  consentText?: string | null;
  ctaText?: string;
  ctaLink?: string | null;
  imageUrl?: string | null;
  showFrequency?: "once_per_session" | "once_per_day" | "always";
  delaySeconds?: number;
  showOnPages?: string[];
  isActive?: boolean;
};

let sequence = 0;
/** A number no other factory call in this process used: default names and slugs never clash. */
export function nextNumber(): number {
  return ++sequence;
}

// Drawings are rendered once per process: many products share a shape and colour.
const drawings = new Map<string, Promise<Buffer>>();
/** The drawing of a product of this shape in this colour, as WebP bytes (rendered once per process). */
export function productDrawing(shape: ArtShape, colour: string): Promise<Buffer> {
  const key = `${shape}:${colour}`;
  let bytes = drawings.get(key);
  if (!bytes) drawings.set(key, (bytes = renderWebp(productSvg(shape, colour))));
  return bytes;
}

/** A save outcome the factory expects to succeed: a refusal is a mistake in the caller's data. */
function expectSaved(outcome: SaveOutcome, what: string): SaveOutcome & { ok: true } {
  if (!outcome.ok) throw new Error(`${what} was refused (${outcome.status}): ${outcome.error}`);
  return outcome;
}

export function createFactories(deps: FactoryDeps) {
  const { db, storage } = deps;
  const events = deps.events ?? createLocalEventBus();
  const actor = deps.actor ?? FACTORY_ACTOR;
  const clock = deps.clock ?? Date.now;
  const services = { db, events, storage };

  async function product(spec: ProductSpec = {}): Promise<MadeProduct> {
    const n = nextNumber();
    const title = spec.title ?? `Test Bottle ${n}`;
    const slug = spec.slug ?? `${slugify(title)}-${n}`;
    const options = spec.options ?? [{ name: "Color", values: ["Black"] }];
    const combos = combineOptions(options);
    const variants = (combos.length ? combos : [{ optionValues: {} }]).map((combo, i) => {
      const own = spec.variant?.(combo.optionValues, i) ?? {};
      return {
        optionValues: combo.optionValues,
        sku: own.sku ?? "",
        price: own.price ?? spec.price ?? 1499,
        compareAtPrice: (own.compareAtPrice !== undefined ? own.compareAtPrice : spec.compareAtPrice) ?? null,
        stockQuantity: own.stock ?? spec.stock ?? 25,
        weightGrams: (own.weightGrams !== undefined ? own.weightGrams : spec.weightGrams) ?? null,
        barcode: own.barcode ?? "",
      };
    });
    const input = productInput.parse({
      title,
      slug,
      description: spec.description ?? `${title}: a test product.`,
      vendor: spec.vendor,
      status: spec.status ?? "active",
      tags: spec.tags ?? [],
      isBestSeller: spec.bestSeller ?? false,
      sortOrder: spec.sortOrder ?? 0,
      seoTitle: spec.seoTitle,
      seoDescription: spec.seoDescription,
      hsnCode: spec.hsnCode ?? "7323",
      skuBase: spec.skuBase ?? `T${n}`,
      options,
      variants,
      collectionIds: spec.collectionIds ?? [],
    });
    // Checking and storing the pictures' files (the slow part) runs beside the product's save;
    // their rows are recorded once the product and its variants exist.
    const images = spec.images ?? "primary";
    const colours = options.find((o) => o.name === "Color")?.values ?? [null];
    const drawn = images === "none" ? [] : images === "colours" ? colours : colours.slice(0, 1);
    const picture = (colour: string | null) => (spec.picture && colour ? spec.picture(colour) : productDrawing(spec.shape ?? "bottle", colour ?? "Gray"));
    const storing = Promise.allSettled(
      drawn.map(async (colour) => ({
        colour,
        file: await storeProductImageFile(storage, { fileName: `${slug}${colour ? `-${colour.toLowerCase()}` : ""}.webp`, declaredType: "image/webp", bytes: await picture(colour) }, clock()),
      })),
    );
    const removeStored = async () => {
      for (const r of await storing) if (r.status === "fulfilled") await storage.remove(r.value.file.name).catch(() => {});
    };
    try {
      const { id, version } = await saveProduct(db, input, {});
      const variants = await listProductVariants(db, id);
      const stored = await storing;
      const failed = stored.find((r) => r.status === "rejected");
      if (failed) throw failed.reason;
      const rows: MadeProduct["images"] = [];
      for (const [i, { colour, file }] of stored.flatMap((r) => (r.status === "fulfilled" ? [r.value] : [])).entries()) {
        const variantIds = images === "colours" ? variants.filter((v) => !colour || v.optionValues.Color === colour).map((v) => v.id) : [];
        rows.push(...(await recordProductImage(db, file, { productId: id, alt: colour ? `${title} in ${colour}` : title, variantIds, primary: i === 0 })));
      }
      await notifyCatalogChanged(events, id);
      return {
        id,
        version,
        title: input.title,
        slug: input.slug,
        status: input.status,
        isBestSeller: input.isBestSeller,
        tags: input.tags,
        options: input.options,
        collectionIds: input.collectionIds,
        variants,
        images: rows,
        primaryImageId: rows.find((m) => m.isPrimary)?.id ?? null,
      };
    } catch (error) {
      await removeStored();
      throw error;
    }
  }

  async function collection(spec: CollectionSpec = {}) {
    const n = nextNumber();
    const name = spec.name ?? `Test Collection ${n}`;
    const input = collectionInput.parse({
      name,
      slug: spec.slug ?? `${slugify(name)}-${n}`,
      description: spec.description ?? "",
      isActive: spec.isActive ?? true,
      heroImageId: spec.heroImageId ?? null,
      productIds: spec.productIds ?? [],
    });
    const saved = await saveCollection(db, input, {}, { actor, events });
    return { id: saved.id, version: saved.version, name: input.name, slug: input.slug, isActive: input.isActive };
  }

  /** Replaces the header menu (the menu editor's save, which numbers the entries in order). */
  async function menu(items: MenuItem[]): Promise<MenuItem[]> {
    const valid = items.map((item) => menuItemSchema.parse(item));
    const { version } = await loadMenuEditor(db);
    expectSaved(await saveHeaderMenu(services, actor, valid, version), "The header menu");
    return (await loadMenuEditor(db)).items;
  }

  /** Writes one of the shop's content pages (their addresses are fixed). */
  async function page(spec: PageSpec) {
    const current = await loadPageForEdit(db, spec.slug);
    const title = spec.title ?? `Test page ${nextNumber()}`;
    const input = { title, bodyMarkdown: spec.body ?? `# ${title}\n\nSome text of this page, long enough to read as a real page.`, seoDescription: spec.seoDescription ?? "" };
    expectSaved(await saveContentPage(services, actor, spec.slug, input, current.version), `The page ${spec.slug}`);
    return { slug: spec.slug, ...input };
  }

  /** Adds questions at the end of the FAQ (the FAQ editor saves the whole list). */
  async function faq(entries: { question: string; answer: string }[]) {
    const current = await loadFaqEditor(db);
    expectSaved(await saveFaqItems(services, actor, [...current.items, ...entries], current.revision), "The FAQ");
    return (await loadFaqEditor(db)).items;
  }

  async function popup(spec: PopupSpec = {}) {
    const n = nextNumber();
    const title = spec.title ?? `Test popup ${n}`;
    const emailCollection = spec.emailCollection ?? true;
    const input = popupForm.parse({
      title,
      description: spec.description ?? null,
      emailCollection,
      consentText: spec.consentText !== undefined ? spec.consentText : emailCollection ? "I agree to receive emails." : null,
      ctaText: spec.ctaText ?? "Subscribe",
      ctaLink: spec.ctaLink ?? null,
      imageUrl: spec.imageUrl ?? null,
      showFrequency: spec.showFrequency ?? "once_per_session",
      delaySeconds: spec.delaySeconds ?? 0,
      showOnPages: (spec.showOnPages ?? ["all"]).join("\n"),
      isActive: spec.isActive ?? false,
    });
    const saved = await savePopup(db, actor, input, {});
    return { ...saved, title };
  }

  async function setting<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
    await setSetting(db, key, value);
    await publishSettingChanged(events, key);
  }

  /** Appends a hero carousel slide: an uploaded picture (WebP bytes) with its alt text. */
  async function heroSlide(slide: { alt: string; bytes: Uint8Array; fileName?: string }) {
    const { version } = await readSettingForEdit(db, "hero_carousel_images");
    const file = { fileName: slide.fileName ?? `hero-${nextNumber()}.webp`, declaredType: "image/webp", bytes: slide.bytes };
    expectSaved(await addHeroImage(services, actor, { alt: slide.alt, expectedVersion: version, file }), "The hero slide");
    return (await readSettingForEdit(db, "hero_carousel_images")).value.at(-1)!;
  }

  /** The home page's two collection tiles: stored images' names ("" for the placeholder). */
  async function collectionTiles(tiles: { bottles: string; tumblers: string }) {
    const { version } = await readSettingForEdit(db, "collection_sections");
    expectSaved(await saveCollectionSections(services, actor, tiles, version), "The collection tiles");
  }

  return { product, collection, menu, page, faq, popup, setting, heroSlide, collectionTiles };
}

export type Factories = ReturnType<typeof createFactories>;

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/modules/audit/schema";
import { loadBestSellerEditor, saveBestSellers } from "~/modules/catalog/best-sellers-editor.server";
import { listBestSellers } from "~/modules/catalog/listing.server";
import { loadedFaqIds, loadFaqEditor, saveFaqItems } from "~/modules/content/faq-editor.server";
import { listFaqItems } from "~/modules/content/faq.server";
import { loadMenuEditor, saveHeaderMenu } from "~/modules/content/menu-editor.server";
import { getHeaderMenu } from "~/modules/content/menus.server";
import { loadPageForEdit, previewMarkdown, saveContentPage } from "~/modules/content/page-editor.server";
import { getContentPage } from "~/modules/content/pages.server";
import type { MenuItem } from "~/modules/content/schema";
import { saveWarranty } from "~/modules/content/warranty.server";
import { TOPICS } from "~/modules/events/topics";
import { addHeroImage, loadHeroEditor, saveHeroImages } from "~/modules/merchandising/hero-carousel.server";
import { saveCollectionSections, saveHomepageProducts } from "~/modules/merchandising/home-merchandising.server";
import { media } from "~/modules/media/schema";
import { localDiskStorage } from "~/modules/media/storage.server";
import { readSettingForEdit } from "~/modules/settings/setting-editor.server";
import { getSetting } from "~/modules/settings/settings.server";
import type { AppServices } from "~/services.server";
import { testFactories } from "../support/factories";
import { DRIVERS } from "../support/test-database";
import { createStaff, openTestServices } from "../support/test-services";

const STALE = /was changed by someone else — reload to see their changes\.$/;

describe.each(DRIVERS)("content and merchandising faces on %s", (kind) => {
  let services: AppServices;
  let actor: { id: string; email: string };
  let mediaDir: string;
  const events: { topic: string; payload: unknown }[] = [];
  const audits = async () => (await services.db.select({ n: count() }).from(auditLog))[0]!.n;

  beforeAll(async () => {
    const opened = await openTestServices(kind);
    // Uploads go to a folder of this test, not the shared fixture media.
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-content-admin-"));
    services = { ...opened, storage: localDiskStorage(mediaDir) };
    // What the editors below start from, made as staff would have made it.
    const make = testFactories(services.db, { storage: services.storage });
    await make.setting("homepage_products", { bottles: 8, tumblers: 8, show_load_more: true });
    await make.setting("warranty", { period: "2 years" });
    const slide = (colour: string) => sharp({ create: { width: 60, height: 30, channels: 3, background: colour } }).webp().toBuffer();
    await make.heroSlide({ alt: "Navy bottles", bytes: await slide("#123") });
    await make.heroSlide({ alt: "Orange tumblers", bytes: await slide("#f80") });
    for (const title of ["Glacier Classic Bottle", "Summit Sport Bottle", "Chai Tumbler"]) await make.product({ title, bestSeller: true, images: "none" });
    await make.product({ title: "Straw Lid", images: "none" });
    await make.menu([
      { id: "bottles", order: 1, type: "megamenu", label: "Water Bottles", url: "/bottles", sections: [{ title: "Shop by use", links: [{ label: "Outdoor & Trek", url: "/collections/outdoor", order: 1 }] }] },
      { id: "tumblers", order: 2, type: "simple", label: "Tumblers", url: "/tumblers" },
    ]);
    await make.page({ slug: "return-policy", title: "Return & Refund Policy" });
    await make.faq([
      { question: "How long do bottles keep drinks cold?", answer: "Up to 24 hours." },
      { question: "Are they BPA-free?", answer: "Yes." },
      { question: "Do your products come with a warranty?", answer: "Yes: every product carries a {warranty}." },
      { question: "How do I clean my bottle?", answer: "Hand wash only." },
      { question: "Can I carry carbonated drinks?", answer: "Yes, open the lid slowly." },
    ]);
    for (const topic of [TOPICS.settingChanged, TOPICS.catalogChanged, TOPICS.contentChanged]) services.events.subscribe(topic, (payload) => events.push({ topic, payload }));
    const staff = await createStaff(services, "merch@glacial.in", ["admin"]);
    actor = { id: staff.id, email: staff.email };
  });
  afterAll(async () => {
    await services?.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it("saves homepage_products with its version, audits and publishes it, and refuses a stale version without changing anything", async () => {
    const before = await readSettingForEdit(services.db, "homepage_products");
    const auditCount = await audits();
    events.length = 0;
    const saved = await saveHomepageProducts(services, actor, { bottles: 4, showLoadMore: false }, before.version);
    expect(saved).toMatchObject({ ok: true, version: before.version + 1 });
    expect(await getSetting(services.db, "homepage_products")).toEqual({ ...before.value, bottles: 4, show_load_more: false });
    expect(await audits()).toBe(auditCount + 1);
    expect(events).toContainEqual({ topic: TOPICS.settingChanged, payload: { key: "homepage_products" } });

    const stale = await saveHomepageProducts(services, actor, { bottles: 12, showLoadMore: true }, before.version);
    expect(stale).toMatchObject({ ok: false, status: 409 });
    expect(!stale.ok && stale.error).toMatch(STALE);
    expect((await getSetting(services.db, "homepage_products")).bottles).toBe(4);
    expect(await audits()).toBe(auditCount + 1);
  });

  it("adds an uploaded hero image, refuses a file that is not an image, reorders, and never lets a save add an unknown url", async () => {
    const start = await loadHeroEditor(services.db);
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#0a5" } }).png().toBuffer();
    const added = await addHeroImage(services, actor, { alt: "Monsoon sale", expectedVersion: start.version, file: { fileName: "monsoon sale.png", declaredType: "image/png", bytes: png } });
    expect(added.ok).toBe(true);
    const afterUpload = await loadHeroEditor(services.db);
    const slide = afterUpload.images.at(-1)!;
    expect(slide).toMatchObject({ alt: "Monsoon sale" });
    expect(slide.url).toMatch(/^site\/\d+-monsoon_sale\.png$/);
    expect(fs.existsSync(path.join(mediaDir, slide.url))).toBe(true);
    const [row] = await services.db.select().from(media).where(eq(media.fileUrl, slide.url));
    expect(row).toMatchObject({ productId: null, alt: "Monsoon sale" });

    const fake = await addHeroImage(services, actor, { alt: "Fake", expectedVersion: afterUpload.version, file: { fileName: "x.png", declaredType: "image/png", bytes: new TextEncoder().encode("not an image") } });
    expect(fake).toMatchObject({ ok: false, status: 400, error: "Invalid file type. Only JPEG, PNG, WebP, and GIF are allowed." });
    const siteRows = await services.db.select({ n: count() }).from(media).where(isNull(media.productId));
    expect((await loadHeroEditor(services.db)).images).toEqual(afterUpload.images);

    const reordered = [slide, ...afterUpload.images.slice(0, -1)];
    expect(await saveHeroImages(services, actor, reordered, afterUpload.version)).toMatchObject({ ok: true });
    expect((await loadHeroEditor(services.db)).images[0]).toEqual(slide);
    expect(await saveHeroImages(services, actor, afterUpload.images, afterUpload.version)).toMatchObject({ ok: false, status: 409 });

    const current = await loadHeroEditor(services.db);
    const sneaky = await saveHeroImages(services, actor, [...current.images, { url: "https://evil.example/x.png", alt: "x" }], current.version);
    expect(sneaky).toMatchObject({ ok: false, status: 400 });
    expect((await loadHeroEditor(services.db)).images).toEqual(current.images);
    expect(await services.db.select({ n: count() }).from(media).where(isNull(media.productId))).toEqual(siteRows);

    // Picking an existing image: the picker offers the uploaded one, and a stale pick is refused.
    const picked = current.pickable.find((p) => p.fileUrl === slide.url)!;
    expect(await addHeroImage(services, actor, { alt: "Again", expectedVersion: current.version, mediaId: picked.id })).toMatchObject({ ok: true });
    expect(await addHeroImage(services, actor, { alt: "Late", expectedVersion: current.version, mediaId: picked.id })).toMatchObject({ ok: false, status: 409 });
    const emptied = await saveHeroImages(services, actor, [], current.version + 1);
    expect(emptied).toMatchObject({ ok: true });
    expect(await getSetting(services.db, "hero_carousel_images")).toEqual([]);
  });

  it("sets the best-seller set and order through the catalog, refusing a stale list", async () => {
    const editor = await loadBestSellerEditor(services.db);
    expect(editor.current.length).toBeGreaterThan(2);
    const wanted = [editor.others.find((p) => p.status === "active")!.id, ...editor.current.slice(0, 2).map((p) => p.id).reverse()];
    events.length = 0;
    expect(await saveBestSellers(services, actor, wanted, editor.revision)).toMatchObject({ ok: true });
    const { cards, total } = await listBestSellers(services.db, { offset: 0, limit: 10 });
    expect(cards.map((c) => c.id)).toEqual(wanted);
    expect(total).toBe(3);
    expect(events).toContainEqual({ topic: TOPICS.catalogChanged, payload: { productId: null } });

    expect(await saveBestSellers(services, actor, wanted.slice(1), editor.revision)).toMatchObject({ ok: false, status: 409 });
    expect((await listBestSellers(services.db, { offset: 0, limit: 10 })).total).toBe(3);
    const fresh = await loadBestSellerEditor(services.db);
    expect(await saveBestSellers(services, actor, [...wanted, "00000000-0000-4000-8000-000000000000"], fresh.revision)).toMatchObject({ ok: false, status: 400 });
  });

  it("sets the collection tiles only to stored images", async () => {
    const { version } = await readSettingForEdit(services.db, "collection_sections");
    const [image] = await services.db.select({ fileUrl: media.fileUrl }).from(media).limit(1);
    expect(await saveCollectionSections(services, actor, { bottles: "nowhere/none.png", tumblers: "" }, version)).toMatchObject({ ok: false, status: 400, fieldErrors: { bottles: "That image no longer exists." } });
    expect(await saveCollectionSections(services, actor, { bottles: image!.fileUrl, tumblers: "" }, version)).toMatchObject({ ok: true });
    expect(await getSetting(services.db, "collection_sections")).toEqual({ bottles: { image_url: image!.fileUrl }, tumblers: { image_url: "" } });
  });

  it("saves the header menu with a new mega-menu section, renumbering orders, and refuses a stale save", async () => {
    const editor = await loadMenuEditor(services.db);
    const items: MenuItem[] = editor.items.map((item) =>
      item.type === "megamenu" ? { ...item, sections: [...item.sections, { title: "Shop by size", links: [{ label: "1 litre", url: "/collections/one-litre", order: 9 }] }] } : item,
    );
    events.length = 0;
    expect(await saveHeaderMenu(services, actor, items, editor.version)).toMatchObject({ ok: true, version: editor.version + 1 });
    const menu = (await getHeaderMenu(services.db))!;
    const mega = menu.find((i) => i.type === "megamenu");
    expect(mega?.type === "megamenu" && mega.sections.at(-1)).toEqual({ title: "Shop by size", links: [{ label: "1 litre", url: "/collections/one-litre", order: 1 }] });
    expect(menu.map((i) => i.order)).toEqual(menu.map((_, i) => i + 1));
    expect(events).toContainEqual({ topic: TOPICS.contentChanged, payload: { kind: "menu" } });
    expect(await saveHeaderMenu(services, actor, [], editor.version)).toMatchObject({ ok: false, status: 409 });
    expect(await getHeaderMenu(services.db)).toEqual(menu);
  });

  it("saves a content page, previews it with the storefront's sanitiser, and refuses a stale save", async () => {
    const page = await loadPageForEdit(services.db, "return-policy");
    const body = "# Returns\n\nReturns within **10 days**.<script>alert(1)</script>";
    expect(previewMarkdown(body).trim()).toBe("<p>Returns within <strong>10 days</strong>.</p>");
    events.length = 0;
    expect(await saveContentPage(services, actor, "return-policy", { title: "Returns", bodyMarkdown: body, seoDescription: "" }, page.version)).toMatchObject({ ok: true });
    expect(events).toContainEqual({ topic: TOPICS.contentChanged, payload: { kind: "page" } });
    expect((await getContentPage(services.db, "return-policy"))!.html).toContain("<strong>10 days</strong>");
    const stale = await saveContentPage(services, actor, "return-policy", { title: "Old", bodyMarkdown: "old", seoDescription: "" }, page.version);
    expect(stale).toMatchObject({ ok: false, status: 409, error: "This page was changed by someone else — reload to see their changes." });
    expect((await getContentPage(services.db, "return-policy"))!.title).toBe("Returns");
  });

  it("edits the FAQ as an ordered list, and prints the one warranty statement in it", async () => {
    const editor = await loadFaqEditor(services.db);
    expect(loadedFaqIds(editor.revision)).toEqual(editor.items.map((i) => i.id));
    expect((await listFaqItems(services.db)).some((i) => i.answer.includes("2 year warranty"))).toBe(true);
    const [first, ...rest] = editor.items;
    const drafts = [...rest.slice(0, 3).reverse(), { question: "Do you engrave?", answer: "Yes, and it carries the {warranty} too." }];
    events.length = 0;
    expect(await saveFaqItems(services, actor, drafts, editor.revision)).toMatchObject({ ok: true });
    expect(events).toContainEqual({ topic: TOPICS.contentChanged, payload: { kind: "faq" } });
    const listed = await listFaqItems(services.db);
    expect(listed.map((i) => i.question)).toEqual(drafts.map((d) => d.question));
    expect(listed.some((i) => i.id === first!.id)).toBe(false);
    expect(listed.at(-1)!.answer).toBe("Yes, and it carries the 2 year warranty too.");
    expect(await saveFaqItems(services, actor, [], editor.revision)).toMatchObject({ ok: false, status: 409 });
    expect((await listFaqItems(services.db)).length).toBe(4);

    const warranty = await readSettingForEdit(services.db, "warranty");
    expect(warranty.value).toEqual({ period: "2 years" });
    expect(await saveWarranty(services, actor, "3 years", warranty.version)).toMatchObject({ ok: true });
    expect((await listFaqItems(services.db)).at(-1)!.answer).toBe("Yes, and it carries the 3 year warranty too.");
    expect(await saveWarranty(services, actor, "lifetime", warranty.version)).toMatchObject({ ok: false, status: 409 });
    expect(await getSetting(services.db, "warranty")).toEqual({ period: "3 years" });
  });
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";

// The image endpoint over HTTP on the production server: headers, negotiation, errors.
describe("image endpoint", () => {
  const baseUrl = inject("baseUrl");

  async function productImagePath(): Promise<string> {
    const html = await (await fetch(`${baseUrl}/product/glacier-classic-bottle`)).text();
    const src = html.match(/src="(\/images\/[^"]+)"/)?.[1];
    expect(src).toBeDefined();
    return src!.replaceAll("&amp;", "&");
  }

  it("serves versioned URLs as immutable, negotiating AVIF or WebP with Vary: Accept", async () => {
    const src = await productImagePath();
    expect(src).toMatch(/[?&]v=[0-9a-f]{10}/);
    expect(src).not.toMatch(/fm=/);
    const avif = await fetch(`${baseUrl}${src}`, { headers: { Accept: "image/avif,image/webp,*/*" } });
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toBe("Accept");
    expect(avif.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const webp = await fetch(`${baseUrl}${src}`, { headers: { Accept: "image/webp,*/*" } });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    const again = await fetch(`${baseUrl}${src}`, { headers: { Accept: "image/webp,*/*" } });
    expect(again.headers.get("x-image-cache")).toBe("hit");
  });

  it("gives unversioned URLs a short cache life, and explicit formats no Vary", async () => {
    const src = (await productImagePath()).replace(/&?v=[0-9a-f]+/, "");
    const r = await fetch(`${baseUrl}${src}&fm=jpeg`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("image/jpeg");
    expect(r.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(r.headers.get("vary")).toBeNull();
  });

  it("answers 404 for a missing source and 400 for bad parameters, never 500", async () => {
    expect((await fetch(`${baseUrl}/images/products/0-missing.webp?w=160`)).status).toBe(404);
    const file = (await productImagePath()).split("?")[0];
    for (const bad of ["w=abc", "h=-1", "fm=gif", "q=high"]) {
      expect((await fetch(`${baseUrl}${file}?${bad}`)).status, bad).toBe(400);
    }
    expect((await fetch(`${baseUrl}/images/..%2F..%2Fauth-secret`)).status).toBe(400);
    const clamped = await fetch(`${baseUrl}${file}?w=99999&q=1`);
    expect(clamped.status).toBe(200);
  });
});

// Pictures whose width follows the screen are offered by width, with the slot's size beside them,
// so each screen fetches about what it shows: a phone's 180 px grid card no longer takes the
// 1024 px file a "2x" candidate gave every screen of 1.5x or more.
describe("responsive pictures", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** Each picture's width on screen (CSS px) and the width of the file the browser chose (its `w`). */
  async function chosen(path: string, screen: { width: number; height: number; scale: number; mobile: boolean }, selector: string) {
    const context = await browser.newContext({ viewport: { width: screen.width, height: screen.height }, deviceScaleFactor: screen.scale, isMobile: screen.mobile, hasTouch: screen.mobile });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
      const images = page.locator(selector);
      await expect.poll(() => images.evaluateAll((els) => els.every((el) => (el as HTMLImageElement).currentSrc !== ""))).toBe(true);
      return await images.evaluateAll((els) =>
        els.map((el) => {
          const img = el as HTMLImageElement;
          return { shown: img.getBoundingClientRect().width, file: Number(new URL(img.currentSrc).searchParams.get("w")), sizes: img.sizes };
        }),
      );
    } finally {
      await context.close();
    }
  }

  const phone = { width: 412, height: 823, scale: 1.75, mobile: true };
  const desktop = { width: 1350, height: 940, scale: 1, mobile: false };

  it("gives a phone and a desktop each the smallest file that covers the collection's cards, banner and the product's picture", async () => {
    const eagerCards = "main ul li:nth-child(-n+4) article img";
    for (const [screen, card] of [
      [phone, 384],
      [desktop, 384],
    ] as const) {
      const cards = await chosen("/collections/matte", screen, eagerCards);
      expect(cards.length).toBeGreaterThan(0);
      for (const c of cards) {
        expect(c.sizes).not.toBe("");
        // The file covers the slot at the screen's pixel ratio, and is the smallest offered that does.
        expect(c.file).toBeGreaterThanOrEqual(c.shown * screen.scale - 1);
        expect(c.file).toBe(card);
      }
    }
    const [phoneBanner] = await chosen("/collections/matte", phone, "main header img");
    expect(phoneBanner!.file).toBe(800);
    const [phoneProduct] = await chosen("/product/glacier-classic-bottle", phone, '[data-testid="product-main-image"]');
    expect(phoneProduct!.file).toBe(960);
    const [desktopProduct] = await chosen("/product/glacier-classic-bottle", desktop, '[data-testid="product-main-image"]');
    expect(desktopProduct!.file).toBe(640);
  });
});

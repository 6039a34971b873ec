import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PAYMENT_LOGOS } from "./payment-logos";

const folder = path.resolve(import.meta.dirname, "../../../public/payment");

describe("the footer's payment logos", () => {
  it("are WebP files drawn from their SVGs at three times the size they are shown at", async () => {
    const svgs = fs.readdirSync(folder).filter((n) => n.endsWith(".svg"));
    expect(svgs.map((n) => n.replace(/\.svg$/, "")).sort()).toEqual(PAYMENT_LOGOS.map((l) => l.file).sort());
    for (const logo of PAYMENT_LOGOS) {
      const svg = await sharp(path.join(folder, `${logo.file}.svg`)).metadata();
      const webp = await sharp(path.join(folder, `${logo.file}.webp`)).metadata();
      expect([svg.width, svg.height], logo.file).toEqual([logo.width, 40]);
      expect([webp.format, webp.width, webp.height], logo.file).toEqual(["webp", logo.width * 3, 120]);
    }
  });
});

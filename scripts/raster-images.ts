// Draws the footer's payment logos (public/payment/*.svg) as WebP next to the SVGs, which stay the
// source: run it after changing one (`npm run images:raster`).
//
// Why WebP: an SVG in an <img> is a document of its own that the browser parses, lays out (its
// lettering included, with font fallback) and paints on the page's main thread, one document per
// image; a WebP is decoded off it. The six logos are on every storefront page: as SVGs, Lighthouse
// counted more than twice the style and layout work on the collection page (docs/performance.md).
//
// Why committed rather than drawn at build time: sharp draws SVG lettering with the fonts of the
// machine it runs on. PhonePe's mark is a Devanagari letter, which a server without a Devanagari
// font draws as empty boxes. Drawn here with Debian's Liberation Sans (Arial's metrics) and Noto
// Sans Devanagari (`apt-get install fonts-liberation fonts-noto-core`); the script refuses to run
// without them.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

// Shown at their own size: three times it for a phone's screen. (Home's feature pictures were drawn
// the same way and left as SVGs: far down a long page, they showed no gain for 26 KB more.)
const SCALE = 3;
const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public/payment");

function requireFont(pattern: string, family: string) {
  let found = "";
  try {
    found = execFileSync("fc-match", ["-f", "%{family}", pattern], { encoding: "utf8" });
  } catch {
    // no fontconfig: reported below
  }
  if (!found.includes(family)) throw new Error(`fc-match "${pattern}" gives "${found || "nothing"}", not ${family}: install fonts-liberation and fonts-noto-core`);
}

requireFont("Arial", "Liberation Sans");
requireFont(":lang=hi", "Noto Sans Devanagari");
for (const name of fs.readdirSync(folder).filter((n) => n.endsWith(".svg"))) {
  const source = path.join(folder, name);
  // Lossless: flat colours and lettering come out smaller lossless than lossy, and sharp.
  const webp = await sharp(source, { density: 72 * SCALE }).webp({ lossless: true }).toBuffer();
  fs.writeFileSync(source.replace(/\.svg$/, ".webp"), webp);
  console.log(`${name.replace(/\.svg$/, ".webp")}: ${webp.length} bytes`);
}

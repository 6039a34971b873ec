import sharp from "sharp";
import { SWATCH_COLOURS } from "~/modules/catalog/catalog";

// Product illustrations drawn as SVG in each variant's colour and rendered to WebP, so the demo
// store has real pictures without any network.
export type ArtShape = "bottle" | "slim-bottle" | "wide-bottle" | "tumbler" | "straw-tumbler" | "mug" | "brush" | "sleeve" | "cap" | "strap";

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (shift: number) => Math.max(0, Math.min(255, ((n >> shift) & 255) + amount));
  return `#${[16, 8, 0].map((s) => ch(s).toString(16).padStart(2, "0")).join("")}`;
}

function body(shape: ArtShape, c: string): string {
  const dark = shade(c, -45);
  const light = shade(c, 60);
  const steel = `<linearGradient id="steel" x1="0" x2="1"><stop offset="0" stop-color="#9aa3ab"/><stop offset=".5" stop-color="#eef1f3"/><stop offset="1" stop-color="#8a939b"/></linearGradient>`;
  const paint = `<linearGradient id="paint" x1="0" x2="1"><stop offset="0" stop-color="${dark}"/><stop offset=".35" stop-color="${light}"/><stop offset=".6" stop-color="${c}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;
  const defs = `<defs>${steel}${paint}</defs>`;
  switch (shape) {
    case "bottle":
    case "slim-bottle":
    case "wide-bottle": {
      const w = shape === "slim-bottle" ? 150 : shape === "wide-bottle" ? 230 : 190;
      const x = 400 - w / 2;
      return `${defs}<rect x="${400 - w / 2 + 25}" y="110" width="${w - 50}" height="70" rx="14" fill="url(#steel)"/>
        <rect x="${x + 10}" y="170" width="${w - 20}" height="40" rx="10" fill="${dark}"/>
        <path d="M${x} 250 Q${x} 205 ${x + 40} 205 L${x + w - 40} 205 Q${x + w} 205 ${x + w} 250 L${x + w} 650 Q${x + w} 700 ${x + w - 40} 700 L${x + 40} 700 Q${x} 700 ${x} 650 Z" fill="url(#paint)"/>
        <rect x="${x + 22}" y="260" width="14" height="380" rx="7" fill="#ffffff" opacity=".25"/>
        <text x="400" y="470" font-family="sans-serif" font-size="30" font-weight="700" letter-spacing="6" fill="#ffffff" opacity=".85" text-anchor="middle">GLACIAL</text>`;
    }
    case "tumbler":
    case "straw-tumbler":
      return `${defs}${shape === "straw-tumbler" ? `<rect x="430" y="80" width="18" height="160" rx="9" fill="${dark}" transform="rotate(12 439 160)"/>` : ""}
        <rect x="255" y="200" width="290" height="50" rx="18" fill="url(#steel)"/>
        <path d="M265 250 L535 250 L495 690 Q492 710 470 710 L330 710 Q308 710 305 690 Z" fill="url(#paint)"/>
        <rect x="300" y="280" width="14" height="360" rx="7" fill="#ffffff" opacity=".25" transform="rotate(-5 307 460)"/>
        <text x="400" y="480" font-family="sans-serif" font-size="28" font-weight="700" letter-spacing="6" fill="#ffffff" opacity=".85" text-anchor="middle">GLACIAL</text>`;
    case "mug":
      return `${defs}<path d="M520 330 Q640 330 640 450 Q640 570 520 570" fill="none" stroke="${dark}" stroke-width="34"/>
        <rect x="250" y="240" width="290" height="40" rx="14" fill="url(#steel)"/>
        <rect x="260" y="280" width="270" height="400" rx="40" fill="url(#paint)"/>
        <text x="395" y="490" font-family="sans-serif" font-size="28" font-weight="700" letter-spacing="6" fill="#ffffff" opacity=".85" text-anchor="middle">GLACIAL</text>`;
    case "brush":
      return `${defs}<rect x="385" y="120" width="30" height="460" rx="15" fill="url(#paint)"/>
        <rect x="360" y="560" width="80" height="150" rx="20" fill="${dark}"/>
        ${Array.from({ length: 14 }, (_, i) => `<line x1="345" y1="${140 + i * 22}" x2="455" y2="${140 + i * 22}" stroke="${light}" stroke-width="8" stroke-linecap="round"/>`).join("")}`;
    case "sleeve":
      return `${defs}<path d="M300 180 L500 180 L520 680 Q520 710 490 710 L310 710 Q280 710 280 680 Z" fill="url(#paint)"/>
        ${Array.from({ length: 8 }, (_, i) => `<line x1="300" y1="${230 + i * 60}" x2="505" y2="${230 + i * 60}" stroke="${dark}" stroke-width="6" opacity=".5"/>`).join("")}
        <rect x="380" y="140" width="40" height="80" rx="12" fill="${dark}"/>`;
    case "cap":
      return `${defs}<rect x="270" y="330" width="260" height="190" rx="36" fill="url(#paint)"/>
        <path d="M340 330 Q400 200 460 330" fill="none" stroke="${dark}" stroke-width="30" stroke-linecap="round"/>
        <rect x="290" y="500" width="220" height="60" rx="14" fill="url(#steel)"/>`;
    case "strap":
      return `${defs}<path d="M230 620 Q230 170 400 170 Q570 170 570 620" fill="none" stroke="url(#paint)" stroke-width="46" stroke-linecap="round"/>
        <rect x="330" y="560" width="140" height="120" rx="30" fill="url(#steel)"/>`;
  }
}

export function productSvg(shape: ArtShape, colourName: string): string {
  const colour = SWATCH_COLOURS[colourName.toLowerCase()] ?? "#8a8f96";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    <rect width="800" height="800" fill="#f3f5f7"/><ellipse cx="400" cy="725" rx="200" ry="22" fill="#000" opacity=".08"/>
    ${body(shape, colour)}</svg>`;
}

/** Hero artwork without text: the storefront overlays its own headline (the alt text names the picture). */
export function heroSvg(index: number, colours: string[]): string {
  const bg = ["#0f2a3d", "#12363a", "#2a1f3d", "#3a2a1a", "#1b2a4a"][index % 5]!;
  const items = colours
    .map((name, i) => {
      const c = SWATCH_COLOURS[name] ?? "#8a8f96";
      const x = 980 + i * 170;
      const h = 430 - (i % 2) * 60;
      return `<rect x="${x + 18}" y="${640 - h - 44}" width="84" height="48" rx="10" fill="#cfd6dc"/>
        <rect x="${x}" y="${640 - h}" width="120" height="${h}" rx="34" fill="${c}"/>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="800" viewBox="0 0 1600 800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${shade(bg, 40)}"/></linearGradient></defs>
    <rect width="1600" height="800" fill="url(#g)"/>
    <circle cx="1250" cy="380" r="300" fill="#ffffff" opacity=".05"/>
    ${items}<rect x="0" y="640" width="1600" height="160" fill="#000" opacity=".18"/></svg>`;
}

/**
 * The drawing as WebP bytes to upload. The upload re-encodes every picture with its own settings,
 * so this first encoding is the quickest the encoder offers, at a quality that leaves nothing to lose.
 */
export async function renderWebp(svg: string, quality = 95): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality, effort: 0 }).toBuffer();
}

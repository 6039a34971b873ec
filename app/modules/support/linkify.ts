import { LinkifyIt } from "linkify-it";

// Messages are plain text. Rendering turns them into text and link segments, which React
// renders as text nodes and <a> elements: no HTML from a message is ever interpreted.

export type TextSegment = { type: "text"; text: string } | { type: "link"; text: string; href: string; external: boolean };

const linkify = new LinkifyIt({ fuzzyEmail: false, fuzzyIP: false });
// The bot links to the shop's own pages with site paths such as /product/chai-tumbler.
linkify.add("/", {
  validate(text, pos) {
    // Only at the start of a word (the schema's own position is just after the slash).
    const before = pos >= 2 ? text[pos - 2]! : " ";
    if (!/\s|\(/.test(before)) return 0;
    const tail = /^[a-z0-9][a-z0-9\-/]*/i.exec(text.slice(pos));
    if (!tail) return 0;
    return tail[0].replace(/\/+$/, "").length;
  },
  normalize(match) {
    match.url = match.text;
  },
});

/** Only http(s) addresses and paths on this site become links; every other scheme stays text. */
export function safeHref(url: string): string | null {
  if (/^\/(?!\/)/.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

export function linkifyText(text: string): TextSegment[] {
  const matches = linkify.match(text) ?? [];
  const out: TextSegment[] = [];
  let last = 0;
  for (const m of matches) {
    const href = safeHref(m.url);
    if (!href) continue;
    if (m.index > last) out.push({ type: "text", text: text.slice(last, m.index) });
    out.push({ type: "link", text: m.text, href, external: !href.startsWith("/") });
    last = m.lastIndex;
  }
  if (last < text.length) out.push({ type: "text", text: text.slice(last) });
  return out;
}

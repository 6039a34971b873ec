import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

// Markdown written by staff (product descriptions, content pages) becomes HTML on the server only,
// so neither library ships to the browser. Staff text is still untrusted: raw HTML in it is
// sanitised to a small allow-list, scripts, styles, event handlers and javascript: URLs never pass.
const marked = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "strong", "em", "b", "i", "u", "s", "del",
    "blockquote", "ul", "ol", "li", "a", "code", "pre", "table", "thead", "tbody", "tr", "th", "td",
  ],
  allowedAttributes: { a: ["href", "title", "rel", "target"], th: ["align"], td: ["align"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  transformTags: {
    // Links leaving the shop open safely; links inside it stay plain.
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return { tagName, attribs: external ? { ...attribs, rel: "noopener noreferrer", target: "_blank" } : attribs };
    },
  },
};

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, ALLOWED);
}

/** Drops the first top-level heading: pages print their title themselves. */
export function withoutLeadingH1(markdown: string): string {
  return markdown.replace(/^\s*#\s+[^\n]*\n+/, "");
}

// Client-safe helpers of the search page: the query's bounds, and highlighted text as plain
// segments (never HTML), so a product title can never inject markup.
export const MAX_QUERY_LENGTH = 200;

export const HIGHLIGHT_START = "\u0002";
export const HIGHLIGHT_STOP = "\u0003";

export type TextPart = { text: string; match: boolean };

/** Trimmed, control characters removed (PostgreSQL refuses NUL), whitespace collapsed, capped. */
export function normaliseQuery(raw: string | null | undefined): string {
  return (raw ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_QUERY_LENGTH)
    .trim();
}

/** Splits text marked with HIGHLIGHT_START/STOP into parts; unmatched markers are dropped. */
export function highlightParts(marked: string): TextPart[] {
  const parts: TextPart[] = [];
  let match = false;
  let text = "";
  const flush = () => {
    if (text) parts.push({ text, match });
    text = "";
  };
  for (const ch of marked) {
    if (ch === HIGHLIGHT_START) {
      flush();
      match = true;
    } else if (ch === HIGHLIGHT_STOP) {
      flush();
      match = false;
    } else {
      text += ch;
    }
  }
  flush();
  return parts;
}

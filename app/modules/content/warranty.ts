// The warranty statement lives in one setting ("2 years"); these rules print it where the
// storefront needs it. Client-safe: the service strip and the admin preview use them too.

/** What an FAQ answer writes where the current warranty statement belongs. */
export const WARRANTY_PLACEHOLDER = "{warranty}";

/** "2 years" -> "2 year warranty", "18 months" -> "18 month warranty", "lifetime" -> "lifetime warranty". */
export function warrantyTitle(period: string): string {
  const trimmed = period.trim();
  const counted = /^(\d+)\s*(year|month|day)s?$/i.exec(trimmed);
  if (counted) return `${counted[1]} ${counted[2]!.toLowerCase()} warranty`;
  return `${trimmed} warranty`;
}

/** Replaces every {warranty} in a text with the statement ("... carries a 2 year warranty ..."). */
export function withWarranty(text: string, period: string): string {
  return text.split(WARRANTY_PLACEHOLDER).join(warrantyTitle(period));
}

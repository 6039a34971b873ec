// The Google Merchant feed's client-safe rules: where it is served, Merchant Center's limits, how a
// price is written, what a diagnostic says, and the settings form's one schema.
import { z } from "zod";
import { versionField } from "~/lib/version-field";

export const GOOGLE_FEED_PATH = "/feeds/google.xml";

/** Merchant Center's product data limits (characters) for the attributes we send. */
export const FEED_LIMITS = { id: 50, title: 150, description: 5000, brand: 70, color: 100, size: 100, additionalImages: 10 } as const;

/** Google's price format: rupees with two decimals and the currency, e.g. "1299.00 INR". Integer paise in. */
export function feedPrice(paise: number): string {
  const whole = Math.trunc(paise / 100);
  const fraction = String(Math.abs(paise % 100)).padStart(2, "0");
  return `${whole}.${fraction} INR`;
}

/**
 * How Merchant Center would treat an item, as the diagnostics table names it:
 * - error: it would be disapproved, so the feed leaves it out until it is fixed;
 * - warning: it is sent, but Merchant Center warns or limits how often it is shown;
 * - excluded: staff chose to keep the product out of the feed.
 */
export type FeedIssueSeverity = "error" | "warning" | "excluded";

export type FeedIssue = {
  productId: string;
  productTitle: string;
  /** The variant's SKU (the item's id); null when the issue is the whole product's. */
  sku: string | null;
  /** The Merchant Center attribute concerned, e.g. "gtin", "image_link". */
  attribute: string;
  severity: FeedIssueSeverity;
  message: string;
};

export const SEVERITY_LABELS: Record<FeedIssueSeverity, string> = {
  error: "Left out (Merchant Center would disapprove)",
  warning: "Sent with a warning",
  excluded: "Excluded by you",
};

/** Errors first, then warnings, then exclusions; within each, the catalogue's order is kept. */
export function sortIssues(issues: FeedIssue[]): FeedIssue[] {
  const rank: Record<FeedIssueSeverity, number> = { error: 0, warning: 1, excluded: 2 };
  return issues.map((issue, i) => ({ issue, i })).sort((a, b) => rank[a.issue.severity] - rank[b.issue.severity] || a.i - b.i).map((x) => x.issue);
}

/**
 * Whether a request's If-None-Match names this ETag. Weak comparison, as HTTP prescribes for
 * If-None-Match: the response compressor marks the ETag of a gzipped body weak (W/"..."), and a
 * client sending that back still has the same feed.
 */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = bare(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === wanted);
}

const CATEGORY_PATH = /^[^>]+( > [^>]+)*$/;

/** The settings form: brand, Google product category and the products kept out. One schema, checked again on the server. */
export const googleFeedSettingsForm = z.object({
  version: versionField,
  brand: z.string().trim().min(1, "Brand is required.").max(FEED_LIMITS.brand, `Brand must be at most ${FEED_LIMITS.brand} characters.`),
  googleProductCategory: z
    .string()
    .trim()
    .max(250, "The category must be at most 250 characters.")
    .refine(
      (value) => value === "" || /^\d{1,7}$/.test(value) || CATEGORY_PATH.test(value),
      "Enter a Google category number or its full path with ' > ' between levels, or leave it empty.",
    ),
  excludedProductIds: z.array(z.string().uuid("Unknown product.")).max(2000, "At most 2000 products can be excluded."),
});

export type GoogleFeedSettingsForm = z.infer<typeof googleFeedSettingsForm>;

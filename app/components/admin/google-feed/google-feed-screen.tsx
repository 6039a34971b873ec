import { Form, Link, useNavigation } from "react-router";
import { fieldError, FormResult } from "~/components/admin/action-feedback";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { type FeedIssue, type FeedIssueSeverity, SEVERITY_LABELS } from "~/modules/google-feed/google-feed";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";

// The Google Feed screen: where the feed is, how many items it holds, its settings, and what
// Merchant Center would say about each item. Kept plain on purpose: the shared admin blocks
// (page header, card, data table) will take it over.

type Result = { form: string; ok: boolean; message?: string; error?: string; fieldErrors?: Record<string, string> } | null | undefined;

export type GoogleFeedScreenData = {
  feedUrl: string;
  itemCount: number;
  issues: FeedIssue[];
  settings: { value: { brand: string; google_product_category: string; excluded_product_ids: string[] }; version: number };
  products: { id: string; title: string }[];
  hiddenExcludedIds: string[];
  canEdit: boolean;
};

const card = "rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

export function GoogleFeedScreen({ screen, result }: { screen: GoogleFeedScreenData; result: Result }) {
  const counts = (severity: FeedIssueSeverity) => screen.issues.filter((i) => i.severity === severity).length;
  return (
    <AdminPage>
      <PageHeader
        title="Google Feed"
        description="The product feed for Google Merchant Center: one item per variant of every active product, with the price and stock the product page shows."
      />

      <section aria-labelledby="feed-summary" className={card}>
        <h2 id="feed-summary" className="text-lg font-semibold">
          Feed
        </h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-[auto_1fr] sm:gap-x-6 sm:gap-y-2">
          <dt className="font-medium">Feed URL</dt>
          <dd>
            <a href={screen.feedUrl} className="break-all text-teal-800 underline dark:text-teal-300" data-testid="feed-url">
              {screen.feedUrl}
            </a>
            <p className="text-sm text-slate-600 dark:text-slate-300">Give this address to Merchant Center as a scheduled fetch.</p>
          </dd>
          <dt className="font-medium">Items in the feed</dt>
          <dd data-testid="feed-item-count">{screen.itemCount}</dd>
          <dt className="font-medium">Diagnostics</dt>
          <dd>
            {counts("error")} left out, {counts("warning")} warnings, {counts("excluded")} excluded products
          </dd>
        </dl>
      </section>

      <FeedSettings screen={screen} result={result} />

      <section aria-labelledby="diagnostics" className={card}>
        <h2 id="diagnostics" className="text-lg font-semibold">
          Diagnostics
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          What Merchant Center would flag. Items it would disapprove are left out of the feed until they are fixed; items with a warning are sent.
        </p>
        {screen.issues.length === 0 ? (
          <p className="mt-4">No problems: every item carries what Merchant Center requires.</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="feed-diagnostics">
              <caption className="sr-only">Feed diagnostics, items left out first</caption>
              <thead className="border-b border-slate-300 dark:border-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-4">Product</th>
                  <th scope="col" className="py-2 pr-4">Item (SKU)</th>
                  <th scope="col" className="py-2 pr-4">Attribute</th>
                  <th scope="col" className="py-2 pr-4">Status</th>
                  <th scope="col" className="py-2">Problem</th>
                </tr>
              </thead>
              <tbody>
                {screen.issues.map((issue, i) => (
                  <tr key={`${issue.productId}:${issue.sku ?? ""}:${issue.attribute}:${i}`} className="border-b border-slate-200 align-top dark:border-slate-800">
                    <th scope="row" className="py-2 pr-4 font-medium">
                      <Link to={`/admin/catalog/edit/${issue.productId}`} className="text-teal-800 underline dark:text-teal-300">
                        {issue.productTitle || "(untitled product)"}
                      </Link>
                    </th>
                    <td className="py-2 pr-4 font-mono text-xs">{issue.sku ?? "whole product"}</td>
                    <td className="py-2 pr-4 font-mono text-xs">{issue.attribute}</td>
                    <td className="py-2 pr-4">
                      <span className={issue.severity === "error" ? "font-semibold text-red-800 dark:text-red-300" : issue.severity === "warning" ? "text-amber-900 dark:text-amber-200" : ""}>
                        {SEVERITY_LABELS[issue.severity]}
                      </span>
                    </td>
                    <td className="py-2">{issue.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </AdminPage>
  );
}

function FeedSettings({ screen, result }: { screen: GoogleFeedScreenData; result: Result }) {
  const busy = useNavigation().state === "submitting";
  const { value, version } = screen.settings;
  const excluded = new Set(value.excluded_product_ids);
  const readOnly = !screen.canEdit;
  return (
    <Form method="post" key={`settings-${version}`} className={`${card} space-y-4`} aria-labelledby="feed-settings">
      <h2 id="feed-settings" className="text-lg font-semibold">
        Settings
      </h2>
      <FormResult result={result} form="settings" />
      <input type="hidden" name="version" value={version} />
      {screen.hiddenExcludedIds.map((id) => (
        <input key={id} type="hidden" name="excluded" value={id} />
      ))}
      <fieldset disabled={readOnly} className="space-y-4">
        <TextField
          label="Brand"
          name="brand"
          required
          maxLength={70}
          defaultValue={value.brand}
          className="max-w-md"
          hint="Sent as every item's brand."
          error={fieldError(result, "settings", "brand")}
        />
        <TextField
          label="Google product category"
          name="googleProductCategory"
          maxLength={250}
          defaultValue={value.google_product_category}
          hint="A number or full path from Google's product taxonomy, e.g. Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles. Leave empty to let Google choose."
          error={fieldError(result, "settings", "googleProductCategory")}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Excluded products</legend>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Ticked products stay out of the feed.
            {screen.hiddenExcludedIds.length > 0
              ? ` ${screen.hiddenExcludedIds.length} excluded product${screen.hiddenExcludedIds.length === 1 ? " is" : "s are"} not active now and stay excluded.`
              : ""}
          </p>
          {fieldError(result, "settings", "excludedProductIds") ? (
            <p className="text-sm text-red-700 dark:text-red-400">{fieldError(result, "settings", "excludedProductIds")}</p>
          ) : null}
          <ul className="max-h-72 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-3 dark:border-slate-700">
            {screen.products.map((p) => (
              <li key={p.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="excluded" value={p.id} defaultChecked={excluded.has(p.id)} className="size-4" />
                  {p.title}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </fieldset>
      {readOnly ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">You can view these settings; changing them needs the Google Feed edit permission.</p>
      ) : (
        <Button type="submit" variant="primary" disabled={busy}>
          Save feed settings
        </Button>
      )}
    </Form>
  );
}

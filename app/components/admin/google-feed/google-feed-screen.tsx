import { Form, Link, useNavigation } from "react-router";
import { fieldError, FormResult, type FormAnswer } from "~/components/admin/action-feedback";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { type FeedIssue, type FeedIssueSeverity, SEVERITY_LABELS } from "~/modules/google-feed/google-feed";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel } from "~/components/admin/kit/panel";

// The Google Feed screen: where the feed is, how many items it holds, its settings, and what
// Merchant Center would say about each item.

type Result = FormAnswer;

export type GoogleFeedScreenData = {
  feedUrl: string;
  itemCount: number;
  issues: FeedIssue[];
  settings: { value: { brand: string; google_product_category: string; excluded_product_ids: string[] }; version: number };
  products: { id: string; title: string }[];
  hiddenExcludedIds: string[];
  canEdit: boolean;
};

type IssueRow = FeedIssue & { key: string };

const ISSUE_COLUMNS: Column<IssueRow>[] = [
  {
    key: "product",
    header: "Product",
    rowHeader: true,
    cell: (issue) => (
      <Link to={`/admin/catalog/edit/${issue.productId}`} className="text-teal-800 underline dark:text-teal-300">
        {issue.productTitle || "(untitled product)"}
      </Link>
    ),
  },
  { key: "sku", header: "Item (SKU)", cell: (issue) => <span className="font-mono text-xs">{issue.sku ?? "whole product"}</span> },
  { key: "attribute", header: "Attribute", cell: (issue) => <span className="font-mono text-xs">{issue.attribute}</span> },
  {
    key: "status",
    header: "Status",
    cell: (issue) => (
      <span className={issue.severity === "error" ? "font-semibold text-red-800 dark:text-red-300" : issue.severity === "warning" ? "text-amber-900 dark:text-amber-200" : ""}>
        {SEVERITY_LABELS[issue.severity]}
      </span>
    ),
  },
  { key: "problem", header: "Problem", cell: (issue) => issue.message },
];

export function GoogleFeedScreen({ screen, result }: { screen: GoogleFeedScreenData; result: Result }) {
  const counts = (severity: FeedIssueSeverity) => screen.issues.filter((i) => i.severity === severity).length;
  return (
    <AdminPage>
      <PageHeader
        title="Google Feed"
        description="The product feed for Google Merchant Center: one item per variant of every active product, with the price and stock the product page shows."
      />

      <Panel id="feed-summary" title="Feed">
        <dl className="grid gap-4 sm:grid-cols-[auto_1fr] sm:gap-x-6 sm:gap-y-2">
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
      </Panel>

      <FeedSettings screen={screen} result={result} />

      <Panel
        id="diagnostics"
        title="Diagnostics"
        description="What Merchant Center would flag. Items it would disapprove are left out of the feed until they are fixed; items with a warning are sent."
      >
        <DataTable
          caption="Feed diagnostics, items left out first"
          rows={screen.issues.map((issue, i) => ({ ...issue, key: `${issue.productId}:${issue.sku ?? ""}:${issue.attribute}:${i}` }))}
          rowKey={(issue) => issue.key}
          columns={ISSUE_COLUMNS}
          empty={<p>No problems: every item carries what Merchant Center requires.</p>}
        />
      </Panel>
    </AdminPage>
  );
}

function FeedSettings({ screen, result }: { screen: GoogleFeedScreenData; result: Result }) {
  const busy = useNavigation().state === "submitting";
  const { value, version } = screen.settings;
  const excluded = new Set(value.excluded_product_ids);
  const readOnly = !screen.canEdit;
  return (
    <Form method="post" key={`settings-${version}`} aria-labelledby="feed-settings">
      <Panel id="feed-settings" title="Settings" className="space-y-4">
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
      </Panel>
    </Form>
  );
}

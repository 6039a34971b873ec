import { Download, FileUp } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast } from "sonner";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { panelClass } from "~/components/admin/kit/panel";
import { Button, buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { ImportPlan } from "~/modules/catalog/catalog.server";

// /admin/catalog/import: a Shopify product CSV is checked first (a dry run that changes nothing,
// with a report per product), then committed in one step.

export type CatalogImportData = { maxMegabytes: number };

/** What the import action answered: the dry run's plan (with the staged upload's id), the committed plan, or a refusal. */
export type CatalogImportAnswer =
  | { ok: true; stage: "planned"; importId: string; fileName: string; plan: ImportPlan }
  | { ok: true; stage: "committed"; fileName: string; plan: ImportPlan }
  | { ok: false; error: string };

const ACTION_LABEL = { create: "Create", update: "Update", reject: "Rejected" } as const;

export function CatalogImportScreen({ loaderData, actionData }: { loaderData: CatalogImportData; actionData: CatalogImportAnswer | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const committing = busy && navigation.formData?.get("intent") === "commit";
  useEffect(() => {
    if (actionData?.ok && actionData.stage === "committed") toast.success("Import committed.");
  }, [actionData]);

  return (
    <AdminPage width="medium">
      <PageHeader
        title="Import products (Shopify CSV)"
        actions={
          <>
            <a href="/admin/catalog/export" download className={buttonClass("secondary")}>
              <Download aria-hidden className="size-4" />
              Export products CSV
            </a>
            <Link to="/admin/catalog" className={buttonClass("secondary")}>
              Products
            </Link>
          </>
        }
        description={
          <>
            Upload a product CSV in Shopify&rsquo;s format (Handle, Title, Body (HTML), Vendor, Tags, Published, Option1 Name/Value &hellip;, Variant SKU, Variant Price, Variant
            Compare At Price, Variant Inventory Qty, Image Src, Status). First you see what the import would do; nothing changes until you commit it. A product whose Handle exists is
            updated; its best-seller flag, order, HSN code and collections are kept.
          </>
        }
      />

      <Form method="post" encType="multipart/form-data" className={panelClass}>
        <input type="hidden" name="intent" value="dry-run" />
        <label htmlFor="csv-file" className="block text-sm font-medium">
          Shopify product CSV (at most {loaderData.maxMegabytes} MB)
        </label>
        <input
          id="csv-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          className="mt-2 block text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
        />
        <Button type="submit" variant="primary" className="mt-4" disabled={busy}>
          <FileUp aria-hidden className="size-4" />
          {busy && !committing ? "Checking..." : "Check file (dry run)"}
        </Button>
      </Form>

      {actionData && !actionData.ok ? (
        <div className="mt-6">
          <FormMessage error={actionData.error} />
        </div>
      ) : null}

      {actionData?.ok ? (
        <div className="mt-8">
          <h2 className="text-lg font-semibold">
            {actionData.stage === "planned" ? `Dry run of ${actionData.fileName}: nothing has been changed yet` : `Imported ${actionData.fileName}`}
          </h2>
          <ImportReport plan={actionData.plan} committed={actionData.stage === "committed"} />
          {actionData.stage === "planned" ? (
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="commit" />
              <input type="hidden" name="importId" value={actionData.importId} />
              <Button type="submit" variant="primary" disabled={busy || actionData.plan.created + actionData.plan.updated === 0}>
                {committing ? "Committing..." : "Commit import"}
              </Button>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Commits the products to create and update in one step; rejected products are skipped. The check is repeated on commit.
              </p>
            </Form>
          ) : null}
        </div>
      ) : null}
    </AdminPage>
  );
}

const REPORT_COLUMNS: Column<ImportPlan["lines"][number]>[] = [
  { key: "handle", header: "Handle", cell: (line) => line.handle || "(no handle)" },
  { key: "lines", header: "CSV lines", cell: (line) => line.lines.join(", ") },
  { key: "result", header: "Result", cell: (line) => <span className={line.action === "reject" ? "font-semibold text-red-700 dark:text-red-400" : undefined}>{ACTION_LABEL[line.action]}</span> },
  { key: "reason", header: "Reason", cell: (line) => line.reasons.join(" ") },
];

function ImportReport({ plan, committed }: { plan: ImportPlan; committed: boolean }) {
  return (
    <>
      <p role="status" className="mt-2" data-testid="import-summary">
        {committed ? "Created" : "To create"}: <strong>{plan.created}</strong> · {committed ? "Updated" : "To update"}: <strong>{plan.updated}</strong> · Rejected:{" "}
        <strong>{plan.rejected}</strong>
      </p>
      <DataTable
        caption={committed ? "Import result per product" : "Dry-run report per product"}
        className={cn(panelClass, "mt-3")}
        rows={plan.lines}
        rowKey={(line) => `${line.handle}:${line.lines[0]}`}
        columns={REPORT_COLUMNS}
      />
    </>
  );
}

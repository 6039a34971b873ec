import { fail } from "~/lib/action-result";
import { CatalogImportScreen, type CatalogImportAnswer as Answer } from "~/components/admin/catalog/catalog-import-screen";
import { adminMeta } from "~/lib/admin-meta";
import { discardStagedImport, MAX_IMPORT_BYTES, readStagedImport, stageImport, stagingDir, commitShopifyImport, CsvFormatError, planShopifyImport } from "~/modules/catalog/catalog.server";
import { requireActionPermission, requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/catalog-import";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "catalog", "create");
  return { maxMegabytes: MAX_IMPORT_BYTES / 1024 / 1024 };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "catalog", "create");
  const { db, config, events } = context.services;
  const dir = stagingDir(config.dataDir);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const refuse = (error: string, status: 400 | 410 = 400) => fail(status, { error });

  if (intent === "dry-run") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return refuse("Choose a CSV file to check.");
    if (file.size > MAX_IMPORT_BYTES) return refuse(`The file is too large: at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
    const csv = await file.text();
    try {
      // Nothing is written: the plan runs the saves in a transaction that is rolled back.
      const plan = await planShopifyImport(db, csv);
      const importId = await stageImport(dir, { csv, fileName: file.name, userId: staff.user.id });
      return { ok: true, stage: "planned", importId, fileName: file.name, plan } satisfies Answer;
    } catch (error) {
      if (error instanceof CsvFormatError) return refuse(error.message);
      throw error;
    }
  }
  if (intent === "commit") {
    const importId = String(form.get("importId") ?? "");
    const staged = await readStagedImport(dir, importId, staff.user.id);
    if (!staged) return refuse("This upload has expired or is unknown. Upload the file again to check it.", 410);
    try {
      const plan = await commitShopifyImport(db, staged.csv, { actor: { id: staff.user.id, email: staff.user.email }, events, fileName: staged.fileName });
      await discardStagedImport(dir, importId);
      return { ok: true, stage: "committed", fileName: staged.fileName, plan } satisfies Answer;
    } catch (error) {
      if (error instanceof CsvFormatError) return refuse(error.message);
      throw error;
    }
  }
  return refuse("Unknown action.");
}

export const meta: Route.MetaFunction = () => adminMeta("Import products");

export default function CatalogImportPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogImportScreen loaderData={loaderData} actionData={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

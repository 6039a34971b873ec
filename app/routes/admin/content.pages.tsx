import { Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { panelClass } from "~/components/admin/kit/panel";
import { adminMeta } from "~/lib/admin-meta";
import { listPagesForEdit } from "~/modules/content/content.server";
import { requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/content.pages";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "content");
  const pages = await listPagesForEdit(context.services.db);
  return { pages: pages.map(({ slug, title, updatedAt }) => ({ slug, title, updatedAt })) };
}

export const meta: Route.MetaFunction = () => adminMeta("Content pages");

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

const COLUMNS: Column<Route.ComponentProps["loaderData"]["pages"][number]>[] = [
  {
    key: "page",
    header: "Page",
    rowHeader: true,
    cell: (page) => (
      <Link to={`/admin/content/pages/${page.slug}`} className="text-teal-800 underline dark:text-teal-300">
        Edit {page.title || page.slug}
      </Link>
    ),
  },
  {
    key: "address",
    header: "Address",
    cell: (page) => (
      <a href={`/${page.slug}`} target="_blank" rel="noreferrer" className="underline">
        /{page.slug}
      </a>
    ),
  },
  { key: "saved", header: "Last saved", cell: (page) => (page.updatedAt ? when.format(new Date(page.updatedAt)) : "Not written yet") },
];

export default function ContentPages({ loaderData }: Route.ComponentProps) {
  return <DataTable caption="Storefront pages written in Markdown" className={panelClass} rows={loaderData.pages} rowKey={(page) => page.slug} columns={COLUMNS} />;
}

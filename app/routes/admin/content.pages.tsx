import { Link } from "react-router";
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

export default function ContentPages({ loaderData }: Route.ComponentProps) {
  const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Storefront pages written in Markdown</caption>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <th scope="col" className="px-4 py-3">Page</th>
            <th scope="col" className="px-4 py-3">Address</th>
            <th scope="col" className="px-4 py-3">Last saved</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.pages.map((page) => (
            <tr key={page.slug} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
              <th scope="row" className="px-4 py-3 font-medium">
                <Link to={`/admin/content/pages/${page.slug}`} className="text-teal-800 underline dark:text-teal-300">
                  Edit {page.title || page.slug}
                </Link>
              </th>
              <td className="px-4 py-3">
                <a href={`/${page.slug}`} target="_blank" rel="noreferrer" className="underline">
                  /{page.slug}
                </a>
              </td>
              <td className="px-4 py-3">{page.updatedAt ? when.format(new Date(page.updatedAt)) : "Not written yet"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { Link } from "react-router";
import { requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/content.index";
import { panelClass } from "~/components/admin/kit/panel";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "content");
  return null;
}

const PARTS = [
  { to: "/admin/content/menu", title: "Header menu", text: "Simple links and mega-menus of the storefront header, with a desktop and mobile preview." },
  { to: "/admin/content/pages", title: "Pages", text: "About, contact, FAQ, the four policies and the cookies policy, written in Markdown." },
  { to: "/admin/content/faq", title: "FAQ and warranty", text: "The home page's questions and the one warranty statement the FAQ and the service strip print." },
];

export default function ContentOverview() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {PARTS.map((part) => (
        <li key={part.to} className={panelClass}>
          <h2 className="text-lg font-semibold">
            <Link to={part.to} className="text-teal-800 underline dark:text-teal-300">
              {part.title}
            </Link>
          </h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{part.text}</p>
        </li>
      ))}
    </ul>
  );
}

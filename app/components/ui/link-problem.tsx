import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The page a link from a mail lands on when it no longer works (expired, used, cut short): what
 * went wrong, said as an alert, and two ways on, so the shopper is never left at a dead end.
 */
export function LinkProblem({ title, children, links }: { title: string; children: ReactNode; links: { to: string; label: string }[] }) {
  return (
    <div id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p role="alert" className="mt-6 text-slate-800">
        {children}
      </p>
      <p className="mt-6 flex gap-6">
        {links.map((l) => (
          <Link key={l.to} to={l.to} className="font-semibold text-brand underline">
            {l.label}
          </Link>
        ))}
      </p>
    </div>
  );
}

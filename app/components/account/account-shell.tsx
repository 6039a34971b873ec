import { Form, Link, useLocation } from "react-router";
import { cn } from "~/lib/cn";

const SECTIONS = [
  { to: "/account", label: "Orders", owns: (path: string) => path === "/account" || path.startsWith("/account/orders") },
  { to: "/account/addresses", label: "Addresses", owns: (path: string) => path.startsWith("/account/addresses") },
];

/** The account area's frame: who is signed in, the account's sections, and signing out. */
export function AccountShell({ email, children }: { email: string; children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-4">
        <p className="text-slate-800">You are signed in as {email}.</p>
        <Form method="post" action="/login">
          <button type="submit" name="intent" value="logout" className="rounded-full border border-slate-900 px-5 py-2 font-semibold text-slate-900 hover:bg-slate-50">
            Log out
          </button>
        </Form>
      </div>
      <nav aria-label="Your account" className="mt-4 flex flex-wrap gap-2">
        {SECTIONS.map((s) => {
          const here = s.owns(pathname.replace(/\/$/, ""));
          return (
            <Link
              key={s.to}
              to={s.to}
              aria-current={here ? "page" : undefined}
              className={cn("rounded-full px-4 py-2 font-semibold", here ? "bg-slate-900 text-white" : "text-slate-900 underline underline-offset-4 hover:bg-slate-100")}
            >
              {s.label}
            </Link>
          );
        })}
      </nav>
      <div className="mt-8">{children}</div>
    </div>
  );
}

import { Construction } from "lucide-react";
import type { ReactNode } from "react";

/** The honest empty state of a module whose own work has not landed yet. */
export function ModuleUnavailable({ title, what, children }: { title: string; what: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-4xl">
      <h1 id="page-title" className="text-2xl font-semibold">{title}</h1>
      <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center dark:border-slate-700 dark:bg-slate-900">
        <Construction aria-hidden className="mx-auto size-10 text-slate-500 dark:text-slate-400" />
        <p className="mt-4 text-lg font-medium">{title} is not available yet.</p>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{what}</p>
        {children}
      </div>
    </section>
  );
}

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 id="page-title" className="text-2xl font-semibold">{children}</h1>;
}

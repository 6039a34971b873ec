import type { ReactNode } from "react";

/**
 * The top of every admin screen: its one h1 (id "page-title", which the screen's section is
 * labelled by), an optional line saying what the screen is for, and the screen's main actions.
 */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 id="page-title" className="text-2xl font-semibold">
          {title}
        </h1>
        {description ? <p className="mt-1 text-slate-700 dark:text-slate-300">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

const WIDTH = { narrow: "max-w-3xl", medium: "max-w-5xl", wide: "max-w-6xl", full: "max-w-7xl" } as const;

/** The page's outer frame: a landmark named by its h1, at one of four reading widths ("full" for the widest lists and the inbox). */
export function AdminPage({ width = "wide", children }: { width?: keyof typeof WIDTH; children: ReactNode }) {
  const max = WIDTH[width];
  return (
    <section aria-labelledby="page-title" className={`mx-auto ${max} space-y-6`}>
      {children}
    </section>
  );
}

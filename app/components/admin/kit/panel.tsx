import { useId, type ReactNode } from "react";
import { cn } from "~/lib/cn";

/** The bordered card every admin screen groups its content in; a titled panel is a named region. */
export function Panel({
  title,
  description,
  actions,
  headingLevel = 2,
  className,
  children,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={cn("rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900", className)}
    >
      {title || actions ? (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title ? (
              <Heading id={id} className="text-lg font-semibold">
                {title}
              </Heading>
            ) : null}
            {description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

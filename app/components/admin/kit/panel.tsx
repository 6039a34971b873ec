import { useId, type ReactNode, type Ref } from "react";
import { cn } from "~/lib/cn";

/** The card look itself, for the few cards that must be another element (a fieldset with its legend, a form, a list item). */
export const panelClass = "rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

/** The bordered card every admin screen groups its content in; a titled panel is a named region. */
export function Panel({
  id,
  title,
  description,
  actions,
  headingLevel = 2,
  headingRef,
  className,
  children,
}: {
  /** The heading's id (made up when not given). */
  id?: string;
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  /** When given, the heading can take focus (an editor that opens moves focus to its title). */
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  children: ReactNode;
}) {
  const madeUp = useId();
  const headingId = id ?? madeUp;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={title ? headingId : undefined} className={cn(panelClass, className)}>
      {title || actions ? (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title ? (
              <Heading
                id={headingId}
                ref={headingRef}
                tabIndex={headingRef ? -1 : undefined}
                className={cn("text-lg font-semibold", headingRef && "focus-visible:outline-2 focus-visible:outline-teal-600")}
              >
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

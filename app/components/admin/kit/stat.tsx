import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { panelClass } from "./panel";

export type StatChange = { text: string; tone: "up" | "down" | "flat" };

/** A row of headline figures (a description list: each label names its value). */
export function StatGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <dl aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {children}
    </dl>
  );
}

/** One headline figure with, optionally, how it moved against the previous period. */
export function Stat({ label, value, change, hint }: { label: ReactNode; value: ReactNode; change?: StatChange; hint?: ReactNode }) {
  return (
    <div className={panelClass}>
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="mt-2 text-2xl font-semibold tabular-nums">{value}</dd>
      {change ? (
        <dd
          className={cn(
            "mt-1 text-sm",
            change.tone === "up" && "text-emerald-800 dark:text-emerald-300",
            change.tone === "down" && "text-red-800 dark:text-red-300",
            change.tone === "flat" && "text-slate-700 dark:text-slate-300",
          )}
        >
          {change.text}
        </dd>
      ) : null}
      {hint ? <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">{hint}</dd> : null}
    </div>
  );
}

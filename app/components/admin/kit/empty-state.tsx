import type { ReactNode } from "react";

/** What a list says when it has nothing to show, and the one thing to do about it. */
export function EmptyState({ title, description, action, icon }: { title: ReactNode; description?: ReactNode; action?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
      {icon ? <div className="mb-4 flex justify-center text-slate-500 dark:text-slate-400">{icon}</div> : null}
      <p className="font-medium">{title}</p>
      {description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</p> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}

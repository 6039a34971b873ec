import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

export const controlClass =
  "block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-teal-600 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

type FieldFrame = { label: ReactNode; error?: string | null; hint?: ReactNode; className?: string };

/**
 * A labelled control with its hint and its field-level error, wired for screen readers
 * (aria-invalid, aria-describedby). `render` gets the ids to put on the control.
 */
export function Field({
  label,
  error,
  hint,
  className,
  render,
}: FieldFrame & { render: (a11y: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {render({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, error, hint, className, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  return <Field label={label} error={error} hint={hint} className={className} render={(a11y) => <input className={controlClass} {...input} {...a11y} />} />;
}

export function TextAreaField({ label, error, hint, className, ...input }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <Field label={label} error={error} hint={hint} className={className} render={(a11y) => <textarea className={controlClass} {...input} {...a11y} />} />;
}

export function SelectField({ label, error, hint, className, children, ...input }: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      className={className}
      render={(a11y) => (
        <select className={controlClass} {...input} {...a11y}>
          {children}
        </select>
      )}
    />
  );
}

/** A form-level message (role=alert for errors so it is announced). */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  if (error)
    return (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
        {error}
      </p>
    );
  if (success)
    return (
      <p role="status" className="rounded-md border border-teal-300 bg-teal-50 px-3 py-2 text-sm text-teal-900 dark:border-teal-800 dark:bg-teal-950 dark:text-teal-100">
        {success}
      </p>
    );
  return null;
}

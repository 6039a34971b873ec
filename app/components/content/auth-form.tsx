import { useId } from "react";

// Shared pieces of the shopper sign-in and sign-up forms.

export function AuthField({
  label,
  name,
  type,
  autoComplete,
  defaultValue,
  error,
  hint,
  required = true,
}: {
  label: string;
  name: string;
  type: "email" | "password" | "text";
  autoComplete: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  required?: boolean;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      {message}
    </p>
  );
}

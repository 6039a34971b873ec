import type { ReactNode } from "react";

/** The frame of the pages outside the guard: sign-in, forgot and reset password. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm font-semibold tracking-widest text-teal-800">GLACIAL ADMIN</p>
        <h1 className="mt-2 text-2xl font-semibold text-slate-900">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

export function Field({ label, name, type = "text", autoComplete, required = true, minLength, inputMode, autoFocus, hint, error, defaultValue }: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  minLength?: number;
  inputMode?: "numeric" | "text" | "email";
  autoFocus?: boolean;
  /** A line of help under the label, read with the field. */
  hint?: string;
  /** This field's own error, shown beside it and announced with it. */
  error?: string;
  defaultValue?: string;
}) {
  const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="mt-4 first:mt-0">
      <label htmlFor={name} className="block text-sm font-medium text-slate-800">{label}</label>
      {hint ? <p id={`${name}-hint`} className="mt-0.5 text-xs text-slate-600">{hint}</p> : null}
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        minLength={minLength}
        inputMode={inputMode}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-slate-900 focus:border-teal-700 focus:outline-2 focus:outline-teal-700 ${error ? "border-red-700" : "border-slate-400"}`}
      />
      {error ? <p id={`${name}-error`} className="mt-1 text-sm text-red-800">{error}</p> : null}
    </div>
  );
}

export function SubmitButton({ children, busy, name, value }: { children: ReactNode; busy?: boolean; name?: string; value?: string }) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      className="mt-6 w-full rounded-md bg-teal-800 px-4 py-2.5 font-semibold text-white hover:bg-teal-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800 disabled:opacity-70"
    >
      {children}
    </button>
  );
}

export function FormMessage({ tone, children }: { tone: "error" | "info"; children: ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`mb-4 rounded-md px-3 py-2 text-sm ${tone === "error" ? "bg-red-50 text-red-800 ring-1 ring-red-200" : "bg-teal-50 text-teal-900 ring-1 ring-teal-200"}`}
    >
      {children}
    </p>
  );
}

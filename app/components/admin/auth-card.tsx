import type { ComponentProps, ReactNode } from "react";
import { TextField } from "~/components/ui/field";
import { cn } from "~/lib/cn";

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

/** A field of these forms: the shop's one labelled field, required unless told otherwise. */
export function Field({ required = true, className, ...field }: ComponentProps<typeof TextField>) {
  return <TextField required={required} className={cn("mt-4 first:mt-0", className)} {...field} />;
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

import type { ComponentProps } from "react";
import { TextField } from "~/components/ui/field";

// Shared pieces of the shopper sign-in and sign-up forms.

/** A field of these forms: the shop's one labelled field, required unless told otherwise. */
export function AuthField({ required = true, ...field }: ComponentProps<typeof TextField> & { name: string; autoComplete: string }) {
  return <TextField required={required} {...field} />;
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      {message}
    </p>
  );
}

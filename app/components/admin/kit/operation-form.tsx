import type { ComponentProps } from "react";
import { Form, useLocation } from "react-router";
import { withParams } from "./pager";

/**
 * Where a form posts one operation: this page, its query kept (the open editor, the list's filters
 * and page), plus ?do=<operation>, so the action knows which permission to check before it reads
 * the body (requireOperation).
 */
export function useOperationAction(op: string): string {
  const { search } = useLocation();
  return withParams(new URLSearchParams(search), { do: op });
}

/** A POST form for one operation of the page (see useOperationAction). */
export function OperationForm({ op, ...props }: Omit<ComponentProps<typeof Form>, "action" | "method"> & { op: string }) {
  return <Form method="post" action={useOperationAction(op)} {...props} />;
}

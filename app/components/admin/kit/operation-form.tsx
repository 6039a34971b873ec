import type { ComponentProps } from "react";
import { Form, useLocation, useNavigation } from "react-router";
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

/**
 * True while a post to ?do=<op> is under way (sent, or its answer loading), so that only the card
 * whose form was sent says "Saving..." on a page of several forms: the operation travels in the
 * URL, not in the body, so it is read from the navigation's form action.
 */
export function useOperationPending(op: string): boolean {
  const formAction = useNavigation().formAction;
  return formAction !== undefined && new URL(formAction, "http://page.invalid").searchParams.get("do") === op;
}

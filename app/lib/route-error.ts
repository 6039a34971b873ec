import { isRouteErrorResponse } from "react-router";

/**
 * What an error boundary tells the reader: the response's status, and the `error` message a
 * loader threw with it (`data({ error }, { status })`) when there is one; otherwise a plain
 * sentence, since an unexpected error's own text is not for the reader.
 */
export function routeErrorView(error: unknown): { status: number; message: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "error" in error.data
      ? String((error.data as { error: unknown }).error)
      : status === 404
        ? "There is nothing at this address."
        : "Something went wrong. Please try again.";
  return { status, message };
}

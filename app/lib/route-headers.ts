// React Router sends the headers of an action's `data(…, { headers })` with the document only
// when the route exports `headers`. This one passes the action's on (Retry-After on a 429,
// cookies of a sign-in step) over the loader's.
export function actionThenLoaderHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }): Headers {
  const out = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => {
    if (name.toLowerCase() !== "set-cookie") out.set(name, value);
  });
  for (const cookie of actionHeaders.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}

/**
 * A shopper's own pages (the account area): never kept by a shared cache, nor by the browser for
 * its back button after signing out on a shared device.
 */
export function privatePageHeaders(): Headers {
  return new Headers({ "Cache-Control": "private, no-store" });
}

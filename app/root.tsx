import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLocation, useMatches, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { hasStorefrontChrome, StorefrontShell } from "~/components/storefront/storefront-shell";
import { Toaster } from "~/components/ui/toaster";
import { markDegraded } from "~/load-context";
import { getHeaderMenu } from "~/modules/content/content.server";
import { READ_KEYS, storefrontCacheFor } from "~/modules/events/events.server";
import { storefrontShipping, getSetting } from "~/modules/settings/settings.server";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { HYDRATED_EVENT } from "./lib/hydration-events";
import { useNonce } from "./lib/nonce";
import { ScrollRestoration } from "./lib/scroll-restoration";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.ico" }];

/** Header menu and store contact for the storefront chrome; nothing on back-office paths. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (!hasStorefrontChrome(pathname)) return { storefront: null };
  const { db, log, events } = context.services;
  const cache = storefrontCacheFor(events);
  const [menu, contact, shipping] = await Promise.all([
    cache.get(READ_KEYS.headerMenu(), () => getHeaderMenu(db)).catch((error: unknown) => {
      log.error({ err: error }, "header menu could not be loaded; showing the fallback menu");
      markDegraded(context);
      return null;
    }),
    cache.get(READ_KEYS.setting("store_contact"), () => getSetting(db, "store_contact")).catch((error: unknown) => {
      log.error({ err: error }, "store contact could not be loaded");
      markDegraded(context);
      return null;
    }),
    storefrontShipping(context.services, () => markDegraded(context)),
  ]);
  return { storefront: { menu, contact, freeShippingOverPaise: shipping.free_over_paise } };
}

/**
 * The chrome's data depends only on whether the page shows the storefront chrome, except for an
 * explicit revalidation of the same page (the live home page after a menu change) without a form.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.href === nextUrl.href && !formMethod) return hasStorefrontChrome(nextUrl.pathname);
  return hasStorefrontChrome(currentUrl.pathname) !== hasStorefrontChrome(nextUrl.pathname);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The back office mounts its own toaster at once (routes/admin/layout.tsx).
  const inAdminShell = useMatches().some((m) => m.id === "routes/admin/layout");
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return (
    // The admin's theme script may set class="dark" before hydration.
    <html lang="en-IN" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React puts the stylesheet before the module preloads it hoists into
            the head, so the one render-blocking request is not queued behind thirty scripts. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        {inAdminShell ? null : <Toaster />}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Chrome({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const data = useRouteLoaderData<typeof loader>("root");
  if (!hasStorefrontChrome(pathname)) return <>{children}</>;
  return (
    <StorefrontShell menu={data?.storefront?.menu ?? null} contact={data?.storefront?.contact ?? null}>
      {children}
    </StorefrontShell>
  );
}

export default function App() {
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const { pathname } = useLocation();
  const body = (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-600">
        {notFound ? "The page you are looking for does not exist or has moved." : "Please try again in a moment."}
      </p>
      <a className="mt-8 inline-block rounded-full bg-slate-900 px-6 py-3 font-semibold text-white" href="/">
        Back to the shop
      </a>
    </div>
  );
  // Back-office errors keep the bare page; storefront errors keep the header and footer.
  return hasStorefrontChrome(pathname) ? <Chrome>{body}</Chrome> : <main>{body}</main>;
}

export function HydrateFallback() {
  return <p className="p-8 text-center text-slate-700">Loading...</p>;
}

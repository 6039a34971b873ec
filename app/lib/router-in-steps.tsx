import { Fragment, useEffect, useLayoutEffect, useMemo, useState } from "react";
import {
  type DataRouter,
  type HydrationState,
  RouterProvider,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createClientRoutes as createClientRoutes,
  UNSAFE_createClientRoutesWithHMRRevalidationOptOut as createClientRoutesWithHMRRevalidationOptOut,
  UNSAFE_createRouter as createRouter,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_getHydrationData as getHydrationData,
  UNSAFE_getPatchRoutesOnNavigationFunction as getPatchRoutesOnNavigationFunction,
  UNSAFE_getTurboStreamSingleFetchDataStrategy as getTurboStreamSingleFetchDataStrategy,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_useFogOFWarDiscovery as useFogOFWarDiscovery,
} from "react-router";
import { flushSync } from "react-dom";
import { isAdminPath } from "./path-kinds";
import { keyHistoryEntry } from "./scroll-restoration";

/**
 * React Router's `HydratedRouter`, with the router made before React renders, in steps of their own.
 *
 * `HydratedRouter` makes its router inside its first render: it builds the client routes, matches
 * the page's URL (flattening and ranking every route and compiling its pattern), then makes the
 * router, which flattens and ranks them all again. With the back office's screens and the resource
 * routes in the manifest that is about a hundred routes, and on a slow 2-core machine it was one
 * task of 11-34 ms at full speed, the longest of a storefront page's start-up; React cannot split a
 * component's render, and a phone four times slower holds a tap that long. Here each of those steps
 * runs in a task of its own, the page answering input between them, and React then renders a
 * router that is already made. What is rendered is `HydratedRouter`'s own tree, so the server's
 * HTML hydrates unchanged.
 *
 * The parts used are React Router's own, exported for this use (`UNSAFE_`): when React Router is
 * upgraded, compare this file with its `lib/dom-export/hydrated-router.tsx`.
 */

type FrameworkContextValue = NonNullable<React.ContextType<typeof FrameworkContext>>;

interface SsrWindow {
  __reactRouterContext?: FrameworkContextValue & {
    basename?: string;
    stream?: ReadableStream<Uint8Array>;
    state?: HydrationState;
    criticalCss?: string;
    future: FrameworkContextValue["future"] & { v8_passThroughRequests?: boolean; v8_trailingSlashAwareDataRequests?: boolean };
  };
  __reactRouterManifest?: FrameworkContextValue["manifest"];
  __reactRouterRouteModules?: FrameworkContextValue["routeModules"];
  __reactRouterDataRouter?: DataRouter;
}

/** Lets the browser run input and rendering before the next step; not slowed in a hidden tab as timers are. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

type ManifestRoutes = FrameworkContextValue["manifest"]["routes"];

/**
 * The manifest's routes in two: the back office's (every route whose full path is under /admin,
 * and a layout without a path whose routes all are) and the rest.
 */
export function splitBackOffice(routes: ManifestRoutes): { rest: ManifestRoutes; backOffice: ManifestRoutes } {
  const entries = Object.entries(routes).filter((entry): entry is [string, NonNullable<ManifestRoutes[string]>] => entry[1] != null);
  const children = new Map<string, string[]>();
  for (const [id, route] of entries) if (route.parentId) children.set(route.parentId, [...(children.get(route.parentId) ?? []), id]);
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const own = route.path ?? "";
    if (own.startsWith("/")) return own;
    return `${route.parentId ? fullPath(route.parentId) : ""}/${own}`.replace(/\/+/g, "/");
  };
  const inBackOffice = (id: string): boolean => {
    const route = routes[id];
    if (!route) return false;
    if (route.path || route.index) return isAdminPath(fullPath(id));
    const under = children.get(id) ?? [];
    return under.length > 0 && under.every(inBackOffice);
  };
  const rest: ManifestRoutes = {};
  const backOffice: ManifestRoutes = {};
  for (const [id, route] of entries) (inBackOffice(id) ? backOffice : rest)[id] = route;
  return { rest, backOffice };
}

export interface MadeRouter {
  router: DataRouter;
  /** Whether `initialize` has run (it must run once). */
  initialized: boolean;
  /** The framework context's value; `criticalCss` is where HydratedRouterMade's state starts. */
  framework: FrameworkContextValue;
}

/** Makes the page's router as `HydratedRouter` would, yielding between the steps and after the last. */
export async function makeRouterInSteps(step: () => Promise<void> = nextTask): Promise<MadeRouter> {
  const w = window as unknown as SsrWindow;
  const context = w.__reactRouterContext;
  const manifest = w.__reactRouterManifest;
  const routeModules = w.__reactRouterRouteModules;
  if (!context || !manifest || !routeModules) throw new Error("React Router's server context is missing from the page");
  const stream = context.stream;
  if (!stream) throw new Error("React Router's single-fetch stream is missing from the page");
  context.stream = undefined;
  // The page's data is read in a task of its own, not in the one that evaluated the modules.
  await step();
  context.state = (await decodeViaTurboStream(stream, window)).value as HydrationState;
  const state = context.state;

  // A storefront page's router starts without the back office's routes, half of all the routes:
  // matching the page's URL at start-up tries every route ranked above it (the home page's comes
  // last), and on a slow phone that was the longest task of the router's making. A navigation
  // to the back office adds them first, as React Router's own route discovery does.
  await step();
  const split = isAdminPath(window.location.pathname) ? null : splitBackOffice(manifest.routes);
  const backOfficeLater = split && Object.keys(split.backOffice).length > 0 ? split : null;
  const routes = createClientRoutes(backOfficeLater ? backOfficeLater.rest : manifest.routes, routeModules, state, context.ssr, context.isSpaMode);

  await step();
  let hydrationData: HydrationState | undefined;
  if (context.isSpaMode) {
    if (manifest.routes.root?.hasLoader && state.loaderData && "root" in state.loaderData) hydrationData = { loaderData: { root: state.loaderData.root } };
  } else {
    hydrationData = getHydrationData({
      state,
      routes,
      getRouteInfo: (routeId) => ({
        clientLoader: routeModules[routeId]?.clientLoader,
        hasLoader: manifest.routes[routeId]?.hasLoader === true,
        hasHydrateFallback: routeModules[routeId]?.HydrateFallback != null,
      }),
      location: window.location,
      basename: context.basename,
      isSpaMode: context.isSpaMode,
    });
  }
  if (window.history.state?.masked) window.history.replaceState({ ...window.history.state, masked: undefined }, "");

  // The browser history writes its index into the current entry (`history.replaceState`, a call
  // to the browser: 0.4-1.4 ms, 3-8 ms in some profiles), so it has a step of its own too. A new
  // entry gets its scroll key and index in one write here, which the history then finds.
  await step();
  keyHistoryEntry();
  const history = createBrowserHistory();

  await step();
  const router: DataRouter = createRouter({
    routes,
    history,
    basename: context.basename,
    hydrationData,
    hydrationRouteProperties,
    mapRouteProperties,
    future: { v8_passThroughRequests: context.future.v8_passThroughRequests },
    dataStrategy: getTurboStreamSingleFetchDataStrategy(() => router, manifest, routeModules, context.ssr, context.basename, context.future.v8_trailingSlashAwareDataRequests ?? false),
    patchRoutesOnNavigation: backOfficeLater
      ? backOfficeOnNavigation(backOfficeLater.backOffice, (patches, parentId) => createClientRoutes(patches, routeModules, null, context.ssr, context.isSpaMode, parentId), context.basename)
      : getPatchRoutesOnNavigationFunction(() => router, manifest, routeModules, context.ssr, context.routeDiscovery, context.isSpaMode, context.basename),
  });
  // A page whose data is all in the HTML starts at once, as HydratedRouter's does; one that must
  // still load data (a client loader) starts when the tree has mounted.
  const initialized = router.state.initialized;
  if (initialized) router.initialize();
  (router as DataRouter & { createRoutesForHMR?: unknown }).createRoutesForHMR = createClientRoutesWithHMRRevalidationOptOut;
  w.__reactRouterDataRouter = router;
  // React's start (its listeners on the document, then the first slice of hydration) in a task of its own too.
  await step();
  return {
    router,
    initialized,
    framework: {
      manifest,
      routeModules,
      future: context.future,
      ssr: context.ssr,
      isSpaMode: context.isSpaMode,
      routeDiscovery: context.routeDiscovery,
      criticalCss: import.meta.env.DEV ? context.criticalCss : undefined,
    },
  };
}

type PatchRoutesOnNavigation = NonNullable<Parameters<typeof createRouter>[0]["patchRoutesOnNavigation"]>;

/**
 * Adds the withheld back-office routes the first time a navigation or a fetcher goes to the back
 * office: each route whose parent is not withheld goes under that parent, with its own routes.
 */
export function backOfficeOnNavigation(
  withheld: ManifestRoutes,
  clientRoutes: (patches: ManifestRoutes, parentId: string) => ReturnType<typeof createClientRoutes>,
  basename = "/",
): PatchRoutesOnNavigation {
  let added = false;
  return ({ path, patch, signal }) => {
    const pathname = basename !== "/" && path.startsWith(basename) ? path.slice(basename.replace(/\/$/, "").length) || "/" : path;
    // A navigation already cancelled patches nothing (React Router drops it), so the next one must.
    if (added || signal.aborted || !isAdminPath(pathname)) return;
    const parents = new Set(Object.values(withheld).flatMap((route) => (route && !(route.parentId && withheld[route.parentId]) ? [route.parentId ?? ""] : [])));
    for (const parentId of parents) patch(parentId || null, clientRoutes(withheld, parentId));
    added = true;
  };
}

// React Router wants a flush that returns nothing; React DOM's returns the callback's result.
const flushRouterUpdate = (update: () => unknown): undefined => {
  flushSync(update);
};

/** What `HydratedRouter` renders, for a router already made. */
export function HydratedRouterMade({ made }: { made: MadeRouter }) {
  const { router, framework } = made;
  const [criticalCss, setCriticalCss] = useState(framework.criticalCss);
  // In development the server inlines the styles; they go once the stylesheets have loaded.
  useEffect(() => {
    if (import.meta.env.DEV) setCriticalCss(undefined);
  }, []);
  useEffect(() => {
    if (import.meta.env.DEV && criticalCss === undefined) document.querySelectorAll("[data-react-router-critical-css]").forEach((element) => element.remove());
  }, [criticalCss]);
  const [location, setLocation] = useState(router.state.location);
  useLayoutEffect(() => {
    if (made.initialized) return;
    made.initialized = true;
    router.initialize();
  }, [made, router]);
  useLayoutEffect(() => router.subscribe((next) => {
    if (next.location !== location) setLocation(next.location);
  }), [router, location]);
  useFogOFWarDiscovery(router, framework.manifest, framework.routeModules, framework.ssr, framework.routeDiscovery, framework.isSpaMode);
  const value = useMemo(() => ({ ...framework, criticalCss }), [framework, criticalCss]);
  return (
    // The same tree as React Router's server render, so that useId's values match.
    <Fragment>
      <FrameworkContext.Provider value={value}>
        <RemixErrorBoundary location={location}>
          {/* react-router/dom's RouterProvider is this one with React DOM's flushSync. */}
          <RouterProvider router={router} flushSync={flushRouterUpdate} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      <Fragment />
    </Fragment>
  );
}

// @vitest-environment happy-dom
import { act, createElement } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Outlet, useLoaderData, useLocation, type DataRouteObject } from "react-router";
import { backOfficeOnNavigation, HydratedRouterMade, makeRouterInSteps, nextTask, splitBackOffice } from "./router-in-steps";

// The page's router is made before React renders, in steps with a task boundary between them, and
// React then hydrates the same tree React Router's own HydratedRouter would.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

type Globals = Record<string, unknown>;
const g = window as unknown as Globals;
let root: Root | null = null;

/** React Router's single-fetch state for the page, as the server streams it into the HTML. */
function stateStream(text: string) {
  return new ReadableStream<string>({
    start(controller) {
      controller.enqueue(text);
      controller.close();
    },
  }).pipeThrough(new TextEncoderStream());
}

const route = (id: string, extra: Record<string, unknown>) => ({
  id,
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasDefaultExport: true,
  hasErrorBoundary: false,
  module: `/assets/${id}.js`,
  ...extra,
});

function Shell() {
  const data = useLoaderData() as { greeting: string };
  return createElement("main", null, createElement("h1", null, data.greeting), createElement(Outlet));
}
function Home() {
  return createElement("p", null, `home at ${useLocation().pathname}`);
}
function About() {
  return createElement("p", null, "about");
}

function Page() {
  return createElement("p", null, `page at ${useLocation().pathname}`);
}

/** Routes shaped as the shop's: downloads at the top, screens in a layout without a path, and the shop's own catch-all. */
const backOfficeRoutes = {
  "routes/admin/login": route("routes/admin/login", { parentId: "root", path: "admin/login" }),
  "routes/admin/orders-csv": route("routes/admin/orders-csv", { parentId: "root", path: "admin/sales/orders.csv", hasDefaultExport: false }),
  "routes/admin/layout": route("routes/admin/layout", { parentId: "root" }),
  "routes/admin/dashboard": route("routes/admin/dashboard", { parentId: "routes/admin/layout", path: "admin/dashboard" }),
  "routes/admin/content": route("routes/admin/content", { parentId: "routes/admin/layout", path: "admin/content" }),
  "routes/admin/content.menu": route("routes/admin/content.menu", { parentId: "routes/admin/content", path: "menu" }),
};
const shopRoutes = {
  "routes/product": route("routes/product", { parentId: "root", path: "product/:slug" }),
  "routes/account/layout": route("routes/account/layout", { parentId: "root", path: "account" }),
  "routes/account/orders": route("routes/account/orders", { parentId: "routes/account/layout", index: true }),
  "routes/administrators": route("routes/administrators", { parentId: "root", path: "administrators" }),
  "routes/not-found": route("routes/not-found", { parentId: "root", path: "*" }),
};

/** The page with the back office's routes and a few more of the shop's beside the home and about pages. */
function serveShopPage(path: string) {
  servePage(path);
  const manifest = g.__reactRouterManifest as { routes: Record<string, unknown> };
  Object.assign(manifest.routes, backOfficeRoutes, shopRoutes);
  // Every module is already loaded, so a navigation needs neither a script nor a request.
  const modules = g.__reactRouterRouteModules as Record<string, unknown>;
  for (const id of [...Object.keys(backOfficeRoutes), ...Object.keys(shopRoutes)]) modules[id] = { default: id.endsWith("layout") || id.endsWith("content") ? Outlet : Page };
}

/** Renders the made router into a new element of the page (a client render, not hydration). */
async function renderMade(made: Awaited<ReturnType<typeof makeRouterInSteps>>) {
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(createElement(HydratedRouterMade, { made })));
  return container;
}

/** Every route id in the router's tree. */
function routeIds(routes: DataRouteObject[]): string[] {
  return routes.flatMap((r) => [r.id, ...routeIds(r.children ?? [])]);
}

function servePage(path: string) {
  window.history.replaceState(null, "", path);
  g.__reactRouterContext = {
    basename: "/",
    future: { v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false, v8_middleware: false },
    routeDiscovery: { mode: "initial" },
    ssr: true,
    isSpaMode: false,
    // { loaderData: { root: { greeting: "Hello from the server" } }, actionData: undefined, errors: undefined }
    stream: stateStream('[{"_1":2,"_3":-5,"_4":-5},"loaderData",{"_5":6},"actionData","errors","root",{"_7":8},"greeting","Hello from the server"]\n'),
  };
  g.__reactRouterManifest = {
    entry: { module: "/assets/entry.js", imports: [], css: [] },
    url: "/assets/manifest.js",
    version: "test",
    routes: {
      root: route("root", { path: "", hasLoader: true }),
      "routes/home": route("routes/home", { parentId: "root", index: true }),
      "routes/about": route("routes/about", { parentId: "root", path: "about" }),
    },
  };
  // The shell's data stays as it is when the page changes, so moving needs no request.
  g.__reactRouterRouteModules = { root: { default: Shell, shouldRevalidate: () => false }, "routes/home": { default: Home }, "routes/about": { default: About } };
  document.body.innerHTML = "";
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  for (const key of ["__reactRouterContext", "__reactRouterManifest", "__reactRouterRouteModules", "__reactRouterDataRouter"]) delete g[key];
});

describe("makeRouterInSteps", () => {
  it("reads the page's state and makes the router in five steps, each after a task boundary, and returns after another", async () => {
    servePage("/");
    const seen: string[] = [];
    const made = await makeRouterInSteps(async () => {
      // What exists at each boundary: the router only at the last, before React is given it.
      const context = g.__reactRouterContext as { state?: unknown } | undefined;
      seen.push(`${context?.state ? "state" : "no state"}, ${g.__reactRouterDataRouter ? "router" : "no router"}, ${(window.history.state as { idx?: number } | null)?.idx ?? "no index"}`);
      await nextTask();
    });
    // The page's data is read after a boundary of its own, not in the task that evaluated the
    // modules; the history writes its index into the page's entry in a step of its own, before
    // the router.
    expect(seen).toEqual([
      "no state, no router, no index",
      "state, no router, no index",
      "state, no router, no index",
      "state, no router, no index",
      "state, no router, 0",
      "state, router, 0",
    ]);
    expect(g.__reactRouterDataRouter).toBe(made.router);
    // The entry's scroll key came with that index, and the router's location carries it.
    const entry = window.history.state as { key?: unknown };
    expect(typeof entry.key).toBe("string");
    expect(made.router.state.location.key).toBe(entry.key);
    const { state } = made.router;
    expect(state.initialized).toBe(true);
    expect(made.initialized).toBe(true);
    expect(state.matches.map((m) => m.route.id)).toEqual(["root", "routes/home"]);
    // The server's data for the root; a matched route without a loader has null, as in HydratedRouter.
    expect(state.loaderData).toEqual({ root: { greeting: "Hello from the server" }, "routes/home": null });
    expect(made.framework.routeDiscovery).toEqual({ mode: "initial" });
    // The stream is read once: a second router would find none.
    await expect(makeRouterInSteps()).rejects.toThrow("single-fetch stream is missing");
  });

  it("says what is missing when the page has no React Router context", async () => {
    servePage("/");
    delete g.__reactRouterManifest;
    await expect(makeRouterInSteps()).rejects.toThrow("React Router's server context is missing from the page");
  });

  it("matches the page's own route among all of them", async () => {
    servePage("/about");
    const made = await makeRouterInSteps();
    expect(made.router.state.matches.map((m) => m.route.id)).toEqual(["root", "routes/about"]);
  });
});

describe("the back office's routes on a storefront page", () => {
  it("are the routes under /admin and the layout without a path that holds only them", () => {
    serveShopPage("/");
    const manifest = g.__reactRouterManifest as { routes: Parameters<typeof splitBackOffice>[0] };
    const { rest, backOffice } = splitBackOffice(manifest.routes);
    expect(Object.keys(backOffice).sort()).toEqual(Object.keys(backOfficeRoutes).sort());
    // "administrators" only begins with the same letters; the catch-all is the shop's own.
    expect(Object.keys(rest).sort()).toEqual(["root", "routes/about", "routes/home", ...Object.keys(shopRoutes)].sort());
  });

  it("are left out of a storefront page's router, which still hydrates its own page", async () => {
    serveShopPage("/");
    const made = await makeRouterInSteps();
    const ids = routeIds(made.router.routes);
    expect(ids).toContain("routes/product");
    expect(ids).toContain("routes/account/orders");
    for (const id of Object.keys(backOfficeRoutes)) expect(ids).not.toContain(id);
    expect(made.router.state.matches.map((m) => m.route.id)).toEqual(["root", "routes/home"]);
  });

  it("are added when a navigation goes to the back office, and the screen is matched, not the shop's catch-all", async () => {
    serveShopPage("/");
    const made = await makeRouterInSteps();
    const container = await renderMade(made);
    // A storefront page with a parameter asks too; nothing is added for it.
    await act(async () => made.router.navigate("/product/glacier"));
    expect(made.router.state.matches.map((m) => m.route.id)).toEqual(["root", "routes/product"]);
    expect(routeIds(made.router.routes)).not.toContain("routes/admin/dashboard");
    await act(async () => made.router.navigate("/admin/content/menu"));
    expect(made.router.state.matches.map((m) => m.route.id)).toEqual(["root", "routes/admin/layout", "routes/admin/content", "routes/admin/content.menu"]);
    expect(container.querySelector("p")?.textContent).toBe("page at /admin/content/menu");
    // Added once, in place: every back-office route is there, under the parent it has in the manifest.
    const ids = routeIds(made.router.routes);
    for (const id of Object.keys(backOfficeRoutes)) expect(ids.filter((x) => x === id)).toHaveLength(1);
    await act(async () => made.router.navigate("/admin/login"));
    expect(made.router.state.matches.map((m) => m.route.id)).toEqual(["root", "routes/admin/login"]);
    await act(async () => made.router.navigate("/"));
    expect(made.router.state.matches.map((m) => m.route.id)).toEqual(["root", "routes/home"]);
  });

  it("are added by the first navigation there that is not cancelled, once", () => {
    const added: Array<[string | null, string]> = [];
    const onNavigation = backOfficeOnNavigation(backOfficeRoutes as unknown as Parameters<typeof splitBackOffice>[0], (_patches, parentId) => [{ id: `under ${parentId}` }] as never);
    const go = (path: string, aborted = false) => {
      const controller = new AbortController();
      if (aborted) controller.abort();
      void onNavigation({ path, signal: controller.signal, matches: [], fetcherKey: undefined, patch: (parentId, routes) => added.push([parentId, String(routes[0]?.id)]) });
    };
    go("/product/glacier");
    go("/admin/dashboard", true);
    expect(added).toEqual([]);
    go("/admin/dashboard");
    // The downloads and the screens' layout all sit under the root.
    expect(added).toEqual([["root", "under root"]]);
    go("/admin/content/menu");
    expect(added).toHaveLength(1);
  });

  it("are all there from the start on a back-office page", async () => {
    serveShopPage("/admin/dashboard");
    const made = await makeRouterInSteps();
    const ids = routeIds(made.router.routes);
    for (const id of Object.keys(backOfficeRoutes)) expect(ids).toContain(id);
    expect(made.router.state.matches.map((m) => m.route.id)).toEqual(["root", "routes/admin/layout", "routes/admin/dashboard"]);
  });
});

describe("HydratedRouterMade", () => {
  it("renders the routes with the server's data and follows the router to another page", async () => {
    servePage("/");
    const made = await makeRouterInSteps();
    const container = await renderMade(made);
    expect(container.querySelector("h1")?.textContent).toBe("Hello from the server");
    expect(container.querySelector("p")?.textContent).toBe("home at /");
    // A route without a loader needs no request: the router moves and React follows.
    await act(async () => made.router.navigate("/about"));
    expect(container.querySelector("p")?.textContent).toBe("about");
    expect(window.location.pathname).toBe("/about");
  });

  it("hydrates the server's HTML without replacing it", async () => {
    servePage("/");
    const made = await makeRouterInSteps();
    const container = document.createElement("div");
    container.innerHTML = "<main><h1>Hello from the server</h1><p>home at /</p></main>";
    document.body.append(container);
    const heading = container.querySelector("h1");
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, createElement(HydratedRouterMade, { made }), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    // The same element, now React's: nothing was thrown away and drawn again.
    expect(container.querySelector("h1")).toBe(heading);
  });
});

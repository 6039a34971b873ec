import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { RenderFlags } from "~/load-context";
import { TOPICS } from "~/modules/events/topics";
import { createPageCache, isCachedPage } from "../../server/page-cache";
import { inProcessEvents } from "../support/test-services";

type Vars = { secureHeadersNonce?: string; renderFlags?: RenderFlags };

function appWith(render: (c: { path: string; nonce: string; flags?: RenderFlags }) => Response | Promise<Response>) {
  const events = inProcessEvents();
  const cache = createPageCache({ events });
  const app = new Hono<{ Variables: Vars }>();
  let n = 0;
  app.use("*", async (c, next) => {
    c.set("secureHeadersNonce", `nonce${++n}AbCdEf0123456789`);
    await next();
  });
  app.use("*", cache.middleware);
  let renders = 0;
  app.all("*", async (c) => {
    renders += 1;
    return render({ path: c.req.path, nonce: c.get("secureHeadersNonce")!, flags: c.get("renderFlags") });
  });
  const settle = () => new Promise((r) => setTimeout(r, 20));
  return { app, cache, events, renders: () => renders, settle };
}

const html = (nonce: string, text = "page") => new Response(`<html><script nonce="${nonce}">x</script>${text}</html>`, { headers: { "Content-Type": "text/html" } });

describe("page cache", () => {
  it("serves a storefront page from memory with this response's own nonce, until a catalog, settings or content change", async () => {
    const { app, events, renders, settle } = appWith(({ nonce }) => html(nonce));
    const first = await app.request("/product/glacier-classic-bottle");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(await first.text()).toContain('nonce="nonce1AbCdEf0123456789"');
    await settle();
    const second = await app.request("/product/glacier-classic-bottle");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-type")).toBe("text/html");
    const body = await second.text();
    expect(body).toContain('nonce="nonce2AbCdEf0123456789"');
    expect(body).not.toContain("nonce1");
    expect(renders()).toBe(1);

    for (const topic of [TOPICS.catalogChanged, TOPICS.settingChanged, TOPICS.contentChanged]) {
      await events.publish(topic, {});
      expect((await app.request("/product/glacier-classic-bottle")).headers.get("x-page-cache")).toBe("miss");
      await settle();
      expect((await app.request("/product/glacier-classic-bottle")).headers.get("x-page-cache")).toBe("hit");
    }
    expect(renders()).toBe(4);
  });

  it("serves a hit byte for byte as rendered (rupee signs and every nonce included), ", async () => {
    const page = (nonce: string) =>
      `<html><head><script nonce="${nonce}">a</script></head><body>Glacier ₹1,299 — “Matte” 😀<script nonce="${nonce}">b</script>${"x".repeat(70_000)}<script nonce="${nonce}"></script></body></html>`;
    const { app, settle } = appWith(({ nonce }) => new Response(page(nonce), { headers: { "Content-Type": "text/html" } }));
    await (await app.request("/collections/matte")).text();
    await settle();
    const hit = await app.request("/collections/matte");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    const body = await hit.text();
    expect(body).toBe(page("nonce2AbCdEf0123456789"));
  });

  it("keeps query strings apart and never keeps other paths, other methods, errors, cookies, no-store or degraded pages", async () => {
    let status = 200;
    let extra: Record<string, string> = {};
    let degrade = false;
    const { app, renders, settle } = appWith(({ nonce, flags }) => {
      if (degrade && flags) flags.degraded = true;
      return new Response(`<p nonce="${nonce}">x</p>`, { status, headers: { "Content-Type": "text/html", ...extra } });
    });
    const twice = async (path: string, init?: RequestInit) => {
      await app.request(path, init);
      await settle();
      return (await app.request(path, init)).headers.get("x-page-cache");
    };
    expect(await twice("/collections/matte?sort=price-asc")).toBe("hit");
    expect(await twice("/collections/matte?sort=price-desc")).toBe("hit");
    const before = renders();
    expect(await twice("/search?q=bottle")).toBeNull();
    expect(await twice("/cart")).toBeNull();
    expect(await twice("/admin/catalog")).toBeNull();
    expect(await twice("/product/a", { method: "POST" })).toBeNull();
    expect(renders() - before).toBe(8);
    status = 404;
    expect(await twice("/product/missing")).toBeNull();
    status = 200;
    extra = { "Set-Cookie": "a=b" };
    expect(await twice("/product/with-cookie")).toBeNull();
    extra = { "Cache-Control": "no-store" };
    expect(await twice("/product/no-store")).toBeNull();
    extra = {};
    degrade = true;
    expect(await twice("/")).toBe("miss");
    degrade = false;
    expect(await twice("/")).toBe("hit");
  });

  it("does not keep a page whose rendering began before a change", async () => {
    let release!: () => void;
    const { app, events, settle } = appWith(async ({ nonce }) => {
      await new Promise<void>((r) => (release = r));
      return html(nonce, "old price");
    });
    const pending = app.request("/product/a");
    await settle();
    await events.publish(TOPICS.catalogChanged, {});
    release();
    await (await pending).text();
    await settle();
    const next = app.request("/product/a");
    await settle();
    release();
    expect((await next).headers.get("x-page-cache")).toBe("miss");
  });

  it("covers the storefront's shopper-independent pages and their client-navigation data", () => {
    for (const path of ["/", "/product/x", "/product/x.data", "/collections/matte", "/collection/matte", "/bottles", "/tumblers", "/category/tumblers", "/all-products.data", "/_root.data"])
      expect(isCachedPage(path), path).toBe(true);
    for (const path of ["/search", "/cart", "/checkout", "/login", "/register", "/admin", "/admin/catalog", "/about", "/product/x/y", "/category/unknown", "/maintenance"])
      expect(isCachedPage(path), path).toBe(false);
  });
});

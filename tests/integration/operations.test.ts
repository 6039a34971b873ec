import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDemoStore } from "../support/admin-server";
import { startServer, type RunningServer } from "../support/server-process";

// What an operator reads off a running shop: readiness, metrics, and one id per request that
// ties its response to its log lines.
describe("operating a running shop", () => {
  let server: RunningServer;
  const TOKEN = "metrics-token-for-the-test-0123";

  beforeAll(async () => {
    const dataDir = await prepareDemoStore(undefined, "glacial-ops-");
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "debug", TRUST_PROXY: "true", METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("says it is ready once the database answers and every migration is applied", async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", database: "pglite" });
  });

  it("gives every response a request id and stamps it on that request's log lines; keeps a trusted proxy's id", async () => {
    const res = await fetch(`${server.url}/product/glacier-classic-bottle`);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const other = await fetch(`${server.url}/`);
    expect(other.headers.get("x-request-id")).not.toBe(id);
    const proxied = await fetch(`${server.url}/healthz`, { headers: { "X-Request-Id": "edge-req-0001" } });
    expect(proxied.headers.get("x-request-id")).toBe("edge-req-0001");
    await expect
      .poll(() =>
        server
          .output()
          .split("\n")
          .filter((line) => line.includes(`"reqId":"${id}"`))
          .map((line) => JSON.parse(line) as { route?: string; status?: number }),
      )
      .toContainEqual(expect.objectContaining({ route: "/product/:param", status: 200 }));
  });

  it("serves Prometheus metrics to allowed addresses or the token holder only", async () => {
    await fetch(`${server.url}/product/glacier-classic-bottle`);
    const local = await fetch(`${server.url}/metrics`);
    expect(local.status).toBe(200);
    const text = await local.text();
    expect(text).toMatch(/glacial_http_request_duration_seconds_count\{method="GET",route="\/product\/:param",status="200"\} \d+/);
    expect(text).toContain("glacial_open_sse_streams");
    expect(text).toContain("glacial_process_resident_memory_bytes");
    // Seen from elsewhere through the proxy: refused, unless the token is given.
    const remote = { "X-Forwarded-For": "198.51.100.9" };
    expect((await fetch(`${server.url}/metrics`, { headers: remote })).status).toBe(403);
    expect((await fetch(`${server.url}/metrics`, { headers: { ...remote, Authorization: "Bearer wrong-token-wrong-token" } })).status).toBe(403);
    expect((await fetch(`${server.url}/metrics`, { headers: { ...remote, Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it("keeps route labels bounded: unknown paths are counted together", async () => {
    for (let i = 0; i < 5; i++) await fetch(`${server.url}/wp-admin/probe-${i}.php`);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).not.toContain("probe-");
    expect(text).toMatch(/route="not_found"/);
  });
});

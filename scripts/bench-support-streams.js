// Load check of the support chat's live streams (issue 7): N server-sent-event streams open on
// ONE server process for one conversation, then messages are sent and each stream's delivery
// time is measured from the start of the send. Prints p50/p99/max and the server's memory.
//
//   node scripts/bench-support-streams.js              starts the built server on a temp DATA_DIR
//   BASE_URL=http://127.0.0.1:3000 SERVER_PID=1234 node scripts/bench-support-streams.js
//   DATABASE_URL=postgres://... node scripts/bench-support-streams.js   the started server uses PostgreSQL
//   STREAMS=500 MESSAGES=5 (defaults)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, openStream, percentile, rssMiB } from "./bench-kit.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STREAMS = Number(process.env.STREAMS ?? 500);
const MESSAGES = Number(process.env.MESSAGES ?? 5);


async function startServer() {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("build the app first: npx react-router build");
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-bench-support-"));
  const proc = spawn(process.execPath, [path.join(root, "server/main.js")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, pid: proc.pid, stop: () => proc.kill("SIGKILL"), dataDir };
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill("SIGKILL");
  throw new Error("the server did not start");
}




const external = process.env.BASE_URL ? { url: process.env.BASE_URL.replace(/\/$/, ""), pid: Number(process.env.SERVER_PID), stop() {} } : null;
const server = external ?? (await startServer());
try {
  const created = await fetch(`${server.url}/api/support/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ conversationId: null, message: "Load check", visitorInfo: { name: "Bench" } }),
  });
  if (!created.ok) throw new Error(`creating the conversation failed: ${created.status} ${await created.text()}`);
  const { conversationId, visitorToken, messages } = await created.json();
  const after = messages.at(-1).seq;
  const rssIdle = rssMiB(server.pid);

  const arrivals = new Map(); // message text -> arrival times
  const streamUrl = `${server.url}/api/support/conversations/${conversationId}/stream?after=${after}`;
  const openedAt = performance.now();
  const requests = [];
  for (let i = 0; i < STREAMS; i += 50) {
    const batch = Array.from({ length: Math.min(50, STREAMS - i) }, () =>
      openStream(streamUrl, visitorToken, (m, at) => {
        if (m.senderType !== "visitor") return;
        if (!arrivals.has(m.message)) arrivals.set(m.message, []);
        arrivals.get(m.message).push(at);
      }),
    );
    requests.push(...(await Promise.all(batch)));
  }
  const openMs = performance.now() - openedAt;
  await new Promise((r) => setTimeout(r, 1000));
  const rssOpen = rssMiB(server.pid);

  const latencies = [];
  const spreads = [];
  let missing = 0;
  for (let k = 1; k <= MESSAGES; k++) {
    const text = `Bench message ${k}`;
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/support/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Visitor-Token": visitorToken },
      body: JSON.stringify({ conversationId, message: text }),
    });
    if (!res.ok) throw new Error(`send ${k} failed: ${res.status} ${await res.text()}`);
    const deadline = Date.now() + 10_000;
    while ((arrivals.get(text)?.length ?? 0) < STREAMS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const got = arrivals.get(text) ?? [];
    missing += STREAMS - got.length;
    latencies.push(...got.map((at) => at - t0));
    // First to last stream: the fan-out's own cost, apart from storing the message.
    if (got.length) spreads.push(Math.max(...got) - Math.min(...got));
    await new Promise((r) => setTimeout(r, 300));
  }
  const rssAfter = rssMiB(server.pid);
  for (const req of requests) req.destroy();

  latencies.sort((a, b) => a - b);
  const result = {
    streams: STREAMS,
    messages: MESSAGES,
    deliveries: latencies.length,
    missing,
    openAllMs: Math.round(openMs),
    p50Ms: Number(percentile(latencies, 50).toFixed(1)),
    p99Ms: Number(percentile(latencies, 99).toFixed(1)),
    maxMs: Number(latencies.at(-1).toFixed(1)),
    firstDeliveryMs: Number((latencies[0] ?? NaN).toFixed(1)),
    fanOutSpreadMaxMs: Number(Math.max(...spreads).toFixed(1)),
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(1))),
    serverRssMiB: { idle: Math.round(rssIdle), withStreams: Math.round(rssOpen), afterMessages: Math.round(rssAfter) },
    perStreamKiB: Math.round(((rssOpen - rssIdle) * 1024) / STREAMS),
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `${STREAMS} streams, ${MESSAGES} messages: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms, ${missing} missing, ` +
      `fan-out spread up to ${result.fanOutSpreadMaxMs} ms, load ${result.loadAverage[0]}; ` +
      `server RSS ${result.serverRssMiB.idle} -> ${result.serverRssMiB.withStreams} MiB (${result.perStreamKiB} KiB per stream)`,
  );
  process.exitCode = missing === 0 && result.p99Ms < 200 ? 0 : 1;
} finally {
  server.stop();
  if (server.dataDir) fs.rmSync(server.dataDir, { recursive: true, force: true });
}

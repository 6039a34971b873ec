// What the benchmark scripts share: Chromium's flags, a free port, the PostgreSQL server's admin
// queries, a process's resident memory, medians and percentiles, and a support-chat stream reader.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import pg from "pg";

/** Chromium as every bench drives it: no sandbox or GPU (a server), no QUIC, nothing of its own on the network. */
export const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/**
 * The command line of the trace scripts, `ROUNDS label=URL [label=URL ...]`: the number of rounds
 * and the [label, URL] pairs (a bare URL is its own label). Prints the usage and exits if either
 * is missing.
 */
export function roundsAndTargets(argv, script) {
  const rounds = Number(argv[2]);
  const targets = argv.slice(3).map((arg) => {
    const at = arg.indexOf("=");
    return at > 0 ? [arg.slice(0, at), arg.slice(at + 1)] : [arg, arg];
  });
  if (!(rounds > 0) || targets.length === 0) {
    console.error(`usage: node scripts/${script} ROUNDS label=URL [label=URL ...]`);
    process.exit(2);
  }
  return { rounds, targets };
}

/**
 * The events directly inside a trace's task that last at least `minUs` microseconds: those of the
 * main thread within the task and within no longer event of that size.
 */
export function outermostInside(task, mainEvents, minUs) {
  const inner = mainEvents.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur >= minUs);
  return inner.filter((e) => !inner.some((p) => p !== e && p.dur > e.dur && p.ts <= e.ts && p.ts + p.dur >= e.ts + e.dur));
}

/**
 * What held a trace's task: the events directly inside it (of 0.3 ms or more), summed by name, the
 * four largest. A script is named by its file and the line and column it starts at, an event by
 * its type, so an inline script can be found in the document.
 */
export function insideOf(task, mainEvents) {
  const byName = new Map();
  for (const e of outermostInside(task, mainEvents, 300)) {
    const data = e.args?.data;
    const name =
      e.name === "EvaluateScript" || e.name === "FunctionCall"
        ? `${e.name}:${String(data?.url ?? "").split("/").pop().slice(0, 24)}@${data?.lineNumber}:${data?.columnNumber}`
        : e.name === "EventDispatch"
          ? `EventDispatch:${data?.type}`
          : e.name;
    byName.set(name, (byName.get(name) ?? 0) + e.dur / 1000);
  }
  return [...byName].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(", ");
}

/** The middle value (the upper one of an even count); null for none. */
export const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : null);

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** One statement on `url` (a scratch database's server, or the scratch database itself). */
export async function pgQuery(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Resident memory of a process, in MiB (NaN once it is gone). */
export function rssMiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
  } catch {
    return NaN;
  }
}

/** The p-th percentile of an ascending list (nearest rank); null for an empty one. */
export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/** Opens one chat stream; `onMessage(message, at)` per message event. */
export function openStream(url, token, onMessage) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { Accept: "text/event-stream", "X-Visitor-Token": token } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding("utf8");
      let buffer = "";
      let opened = false;
      res.on("data", (chunk) => {
        const at = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!opened) {
            opened = true;
            resolve(req);
          }
          const data = block
            .split("\n")
            .filter((l) => l.startsWith("data:"))
            .map((l) => l.slice(5).trimStart())
            .join("\n");
          if (data) onMessage(JSON.parse(data), at);
        }
      });
      res.on("error", () => {});
    });
    req.on("error", reject);
  });
}

// A shop page without any of its scripts, for the bench: a small proxy in front of the shop that
// serves every response as the shop sent it, except a document, whose scripts (inline, classic and
// module, and the module preloads) are taken out before it is compressed again. Structured data
// (`application/ld+json`) stays: a browser never runs it.
//
// Why: Lighthouse's blocking time counts every main-thread task after its modelled first paint.
// The same page with no script at all still parses, styles, lays out and paints its HTML, CSS and
// images, so its blocking time is the floor that no change to the scripts can go under, measured
// in the same rounds and on the same machine as the page itself and the bare React Router page.
//
//   node scripts/bench-document-alone.js UPSTREAM_URL PORT      (the bench starts it as a process)
import http from "node:http";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const SCRIPT = /<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi;
const MODULE_PRELOAD = /<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi;

/** The document with every script that would run, and every module preload, taken out. */
export function withoutScripts(html) {
  return html.replace(SCRIPT, (whole, attributes) => (/\btype=["']?application\/ld\+json/i.test(attributes) ? whole : "")).replace(MODULE_PRELOAD, "");
}

const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"]);

/** Starts the proxy; resolves to the listening server. */
export function serveDocumentAlone({ upstream, port, host = "127.0.0.1" }) {
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const isDocument = (req.headers.accept ?? "").includes("text/html");
    const headers = { ...req.headers, host: target.host };
    // A document is read whole and compressed again here; anything else passes through as sent.
    if (isDocument) headers["accept-encoding"] = "identity";
    const upstreamReq = http.request({ hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (upstreamRes) => {
      const type = upstreamRes.headers["content-type"] ?? "";
      if (!isDocument || !type.includes("text/html")) {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
        return;
      }
      const chunks = [];
      upstreamRes.on("data", (chunk) => chunks.push(chunk));
      upstreamRes.on("end", () => {
        const body = Buffer.from(withoutScripts(Buffer.concat(chunks).toString("utf8")));
        const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
        const out = gzip ? zlib.gzipSync(body) : body;
        const kept = Object.fromEntries(Object.entries(upstreamRes.headers).filter(([name]) => !HOP_HEADERS.has(name)));
        res.writeHead(upstreamRes.statusCode ?? 502, { ...kept, ...(gzip ? { "content-encoding": "gzip" } : {}), "content-length": out.length });
        res.end(out);
      });
    });
    upstreamReq.on("error", () => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end("the shop did not answer");
    });
    req.pipe(upstreamReq);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [upstream, port] = process.argv.slice(2);
  if (!upstream || !port) {
    console.error("usage: node scripts/bench-document-alone.js UPSTREAM_URL PORT");
    process.exit(2);
  }
  await serveDocumentAlone({ upstream, port: Number(port) });
}

// Serves the bare page the same way the shop is served: Hono on @hono/node-server, static
// assets with immutable caching, then the React Router handler.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createRequestHandler } from "react-router";

const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(here, "build/server/index.js"));
const handler = createRequestHandler(build, "production");
const app = new Hono();
const root = path.relative(process.cwd(), path.join(here, "build/client"));
app.use("/assets/*", serveStatic({ root, onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }));
app.use("*", serveStatic({ root }));
app.all("*", (c) => handler(c.req.raw));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });

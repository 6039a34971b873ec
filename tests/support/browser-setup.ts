import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { prepareDemoStore } from "./admin-server";
import { startServer, type RunningServer } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let server: RunningServer | undefined;
let dataDir: string | undefined;

/**
 * One production server for the whole storefront suite, on its own copy of the seeded demo store
 * (the cached snapshot: seconds, where a first start on an empty folder seeds it in about 10 s).
 */
export async function setup(project: TestProject) {
  dataDir = await prepareDemoStore(undefined, "glacial-browser-");
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  project.provide("baseUrl", server.url);
  project.provide("dataDir", dataDir);
}

// The store's copy (about 40 MB) goes once its server has stopped: a machine that runs the suite
// again and again would otherwise fill its temporary folder.
export async function teardown() {
  await server?.stop("SIGTERM");
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

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

/**
 * One production server for the whole storefront suite, on its own copy of the seeded demo store
 * (the cached snapshot: seconds, where a first start on an empty folder seeds it in about 10 s).
 */
export async function setup(project: TestProject) {
  const dataDir = await prepareDemoStore(undefined, "glacial-browser-");
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  project.provide("baseUrl", server.url);
  project.provide("dataDir", dataDir);
}

export async function teardown() {
  await server?.stop("SIGTERM");
}

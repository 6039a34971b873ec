import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServer, type RunningServer } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let server: RunningServer | undefined;

/** One production server on a fresh embedded store for the whole browser suite. */
export async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-browser-"));
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  project.provide("baseUrl", server.url);
  project.provide("dataDir", dataDir);
}

export async function teardown() {
  await server?.stop("SIGTERM");
}

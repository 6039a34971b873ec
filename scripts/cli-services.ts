import { readConfig, type AppConfig } from "~/config.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { callControlSocket, ControlUnavailable } from "~/modules/ops/ops.server";
import type { AppServices } from "~/services.server";

/** Opens the shop's services for a command-line tool, with one-line errors instead of stack traces. */
export async function withServices<T>(run: (services: AppServices) => Promise<T>, opts: { seed?: boolean } = {}): Promise<T> {
  try {
    return await openAndRun(run, opts);
  } catch (error) {
    console.error(`glacial: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    throw error;
  }
}

async function openAndRun<T>(run: (services: AppServices) => Promise<T>, opts: { seed?: boolean }): Promise<T> {
  let services: AppServices | undefined;
  try {
    const config = cliConfig();
    if (opts.seed === false) config.seedDemo = "never";
    // Loaded only when needed: a tool that hands its work to the running shop starts faster.
    const { openServices } = await import("~/services.server");
    // Background jobs run in the shop, never in a one-off tool.
    services = await openServices(config, { workers: false });
    return await run(services);
  } finally {
    await services?.close();
  }
}

export function cliConfig(): AppConfig {
  return readConfig({ LOG_LEVEL: "warn", ...process.env });
}

// How long a tool waits for a shop that holds the data folder but is still starting (the
// first start creates and seeds the database: about 10 s here, longer on a slow disk).
const WAIT_FOR_STARTING_SHOP_MS = 180_000;

/**
 * Runs a command against the shop's data. On PostgreSQL the tool opens the database itself (any
 * number of processes may). On the embedded database only one process may hold the data folder:
 * when a shop is running there, the command is handed to it over its control socket
 * (app/modules/ops/control-socket.server.ts); when none is, the tool opens the folder itself.
 * Errors other than the shop's own refusals are printed as one line (exit code 1).
 */
export async function onShopOrDirect<T>(command: string, input: unknown, direct: (services: AppServices) => Promise<T>, opts: { seed?: boolean } = {}): Promise<T> {
  const config = cliConfig();
  if (config.databaseUrl) return withServices(direct, opts);
  return onEmbeddedShopOr(config, command, input, () => openAndRun(direct, opts));
}

/**
 * On the embedded database: hands `command` to the shop running on DATA_DIR, or, when none is,
 * runs `direct` (which opens the data folder itself; its DataDirLockedError means a shop holds the
 * folder but does not answer yet, i.e. is starting, and is waited for).
 */
export async function onEmbeddedShopOr<T>(config: AppConfig, command: string, input: unknown, direct: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_FOR_STARTING_SHOP_MS;
  let told = false;
  for (;;) {
    try {
      return (await callControlSocket(config.dataDir, command, input)) as T;
    } catch (error) {
      if (!(error instanceof ControlUnavailable)) throw error;
    }
    try {
      return await direct();
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) {
        console.error(`glacial: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
        throw error;
      }
    }
    // A process holds the folder but does not answer yet: a shop that is starting.
    if (Date.now() > deadline) {
      const message = `the data folder ${config.dataDir} is held by another process that does not answer on its control socket; is the shop still starting?`;
      console.error(`glacial: ${message}`);
      process.exitCode = 1;
      throw new Error(message);
    }
    if (!told) console.error("glacial: the shop is starting on this data folder; waiting for it to answer...");
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

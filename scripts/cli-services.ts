import { readConfig } from "~/config.server";
import { openServices, type AppServices } from "~/services.server";

/** Opens the shop's services for a command-line tool, with one-line errors instead of stack traces. */
export async function withServices<T>(run: (services: AppServices) => Promise<T>, opts: { seed?: boolean } = {}): Promise<T> {
  let services: AppServices | undefined;
  try {
    const config = readConfig({ LOG_LEVEL: "warn", ...process.env });
    if (opts.seed === false) config.seedDemo = "never";
    services = await openServices(config, { workers: false });
    return await run(services);
  } catch (error) {
    console.error(`glacial: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    throw error;
  } finally {
    await services?.close();
  }
}

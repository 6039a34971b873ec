// npm run restore -- <backup folder> [--force]
// Restores a backup made by npm run backup into DATA_DIR (embedded database) or the PostgreSQL
// database of DATABASE_URL, with its media into DATA_DIR/media. Refuses while a shop runs on the
// target, and over existing data without --force. See README (Backup and restore).
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup } from "~/modules/ops/ops.server";
import { cliConfig } from "./cli-services";

function usageError(message: string): never {
  console.error(`restore: ${message}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true, strict: true });
} catch (error) {
  usageError(error instanceof Error ? error.message : String(error));
}
if (parsed.positionals.length !== 1) usageError("name the backup folder: npm run restore -- <folder> [--force]");

const config = cliConfig();
const from = path.resolve(parsed.positionals[0]!);
try {
  const done = await restoreBackup(config, from, { force: parsed.values.force });
  const where = done.kind === "pglite" ? config.dataDir : "the PostgreSQL database of DATABASE_URL";
  console.log(`restored the backup in ${from} into ${where} (${done.media} media files${done.authSecret ? ", the auth secret" : ""})`);
} catch (error) {
  console.error(`restore: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// npm run backup [-- --out <folder>]
// A backup of the shop's database and media into a new folder (default ./backups/glacial-<UTC time>),
// taken while the shop runs: on the embedded database the running shop dumps it (control socket),
// on PostgreSQL pg_dump does. See README (Backup and restore) and docs/decisions/0010.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "~/db/database.server";
import { BackupError, dumpEmbeddedDatabase, writeBackup } from "~/modules/ops/ops.server";
import { cliConfig, onEmbeddedShopOr } from "./cli-services";

function usageError(message: string): never {
  console.error(`backup: ${message}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({ options: { out: { type: "string" } }, strict: true }).values;
} catch (error) {
  usageError(error instanceof Error ? error.message : String(error));
}

const config = cliConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
const out = path.resolve(args.out ?? path.join("backups", `glacial-${stamp}`));
const appVersion = (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "..", "package.json"), "utf8")) as { version: string }).version;

/** The embedded database dumped by this process, when no shop holds the data folder. */
async function dumpHere(file: string) {
  if (!fs.existsSync(path.join(config.dataDir, "pglite"))) throw new BackupError(`${config.dataDir} holds no embedded database`);
  const database = await openDatabase({ kind: "pglite", dataDir: config.dataDir });
  try {
    return await dumpEmbeddedDatabase(database, file);
  } finally {
    await database.close();
  }
}

try {
  const manifest = await writeBackup(config, out, {
    appVersion,
    dumpEmbedded: (file) => onEmbeddedShopOr(config, "backup", { file }, () => dumpHere(file)),
  });
  const media = manifest.media.included ? `${manifest.media.files} media files` : `no media (${manifest.media.reason})`;
  console.log(`backed up the ${manifest.database.kind === "pglite" ? "embedded" : "PostgreSQL"} database and ${media} into ${out}`);
} catch (error) {
  // onEmbeddedShopOr has printed what it caught itself (and set the exit code).
  if (!process.exitCode) console.error(`backup: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

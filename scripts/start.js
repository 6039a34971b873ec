// `npm start`: build when the sources are newer than the last build, then serve.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stamp = path.join(root, "build", ".build-stamp");
const inputs = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const built = fs.existsSync(stamp) && fs.existsSync(path.join(root, "build/server/index.js")) ? fs.statSync(stamp).mtimeMs : 0;
if (Math.max(...inputs.map(newestMtime)) > built) {
  console.log("glacial: building the app (sources changed since the last build)...");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error("glacial: the build failed");
    process.exit(1);
  }
  fs.writeFileSync(stamp, new Date().toISOString());
}

// The server runs as a supervised child: if it ever dies (a crash, the memory limit), it is
// started again, so one bad request cannot leave the shop down until someone notices.
const { supervise } = await import("./supervisor.js");
supervise(path.join(root, "server/main.js"));

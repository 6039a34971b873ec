// `npm test`: typecheck, lint, build, then unit + integration (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) and browser tests. Stops at the first failing stage.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const reportDir = path.join(root, ".cache", "test-reports");
fs.mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };

// Every temporary folder of the run (test stores, servers' data, Chromium profiles) goes under
// one folder that is removed at the end, so repeated runs do not fill the disk.
const runTmp = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-test-run-"));
process.env.TMPDIR = runTmp;

function run(label, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`== ${label}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) finish(result.status ?? 1);
}

function vitest(label, projects) {
  const report = path.join(reportDir, `${label}.json`);
  const args = ["run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  const started = Date.now();
  console.log(`\n== ${label}${process.env.TEST_DATABASE_URL ? " (PGlite and PostgreSQL)" : " (PGlite only: set TEST_DATABASE_URL to add PostgreSQL)"}`);
  const result = spawnSync(bin("vitest"), args, { cwd: root, stdio: "inherit" });
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, "utf8"));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
  }
  console.log(`== ${label}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) finish(result.status ?? 1);
}

function finish(code) {
  fs.rmSync(runTmp, { recursive: true, force: true });
  console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
  process.exit(code);
}

run("typecheck", bin("react-router"), ["typegen"]);
run("typecheck", bin("tsc"), ["--noEmit"]);
run("lint", bin("eslint"), ["--max-warnings=0", "."]);
run("build", bin("react-router"), ["build"]);
fs.writeFileSync(path.join(root, "build", ".build-stamp"), new Date().toISOString());
vitest("unit-and-integration", ["unit", "integration"]);
vitest("browser", ["browser"]);
finish(totals.failed > 0 ? 1 : 0);

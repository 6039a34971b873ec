// `npm test`: typecheck, lint, build, then unit + integration (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) beside the browser tests. Stops after the first stage that fails.
import { spawn, spawnSync } from "node:child_process";
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

function finish(code) {
  fs.rmSync(runTmp, { recursive: true, force: true });
  console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
  process.exit(code);
}

/**
 * Runs the stages at once and stops at the first that failed, once all have ended. A stage's
 * output is kept and printed when it ends, so two streams do not interleave line by line; at most
 * one stage (`live`) prints as it runs. `onEnd` reads what a stage left behind (its report).
 *
 * Why at once: the typecheck, the lint and the build read the same sources and write nothing the
 * others read, and each is single-threaded for most of its time; unit + integration files wait on
 * PostgreSQL and child processes, a browser journey on its server and Chromium in turn. Alone,
 * none keeps two cores busy: the test stages took 449 + 642 s one after the other on this
 * machine, 844 s side by side, with every test passing.
 */
async function runTogether(stages, note = "") {
  const started = Date.now();
  console.log(`\n== ${stages.map((s) => s.label).join(", ")} (together${note ? `; ${note}` : ""})`);
  const results = await Promise.all(
    stages.map(
      ({ label, command, args, live = false, onEnd }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: ["ignore", live ? "inherit" : "pipe", live ? "inherit" : "pipe"] });
          let out = "";
          child.stdout?.on("data", (d) => (out += d));
          child.stderr?.on("data", (d) => (out += d));
          child.on("close", (status) => {
            onEnd?.();
            const text = out.trimEnd();
            console.log(`\n== ${label}: ${status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s${text ? `\n${text}` : ""}`);
            resolve(status ?? 1);
          });
        }),
    ),
  );
  const failed = results.find((status) => status !== 0);
  if (failed !== undefined) finish(failed);
}

/** A Vitest stage: its projects, with a JSON report whose counts join the run's totals. */
function vitestStage(label, projects, live = false) {
  const report = path.join(reportDir, `${label}.json`);
  fs.rmSync(report, { force: true });
  return {
    label,
    live,
    command: bin("vitest"),
    args: ["run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    onEnd: () => {
      if (!fs.existsSync(report)) return;
      const json = JSON.parse(fs.readFileSync(report, "utf8"));
      totals.passed += json.numPassedTests;
      totals.failed += json.numFailedTests;
      totals.skipped += json.numPendingTests + json.numTodoTests;
    },
  };
}

// The typecheck needs the route types first.
run("typegen", bin("react-router"), ["typegen"]);
await runTogether([
  { label: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
  { label: "lint", command: bin("eslint"), args: ["--max-warnings=0", "."] },
  { label: "build", command: bin("react-router"), args: ["build"] },
  // The migrated and seeded databases every test copies, made once here rather than by both test
  // stages at once.
  { label: "test fixtures", command: bin("tsx"), args: ["tests/support/prepare-fixtures.ts"] },
]);
fs.writeFileSync(path.join(root, "build", ".build-stamp"), new Date().toISOString());
await runTogether(
  [vitestStage("unit-and-integration", ["unit", "integration"], true), vitestStage("browser", ["browser"])],
  process.env.TEST_DATABASE_URL ? "PGlite and PostgreSQL" : "PGlite only: set TEST_DATABASE_URL to add PostgreSQL",
);
finish(totals.failed > 0 ? 1 : 0);

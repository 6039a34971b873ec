import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, acquireDataDirLock } from "~/db/data-dir-lock.server";

describe("data folder lock", () => {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "glacial-lock-"));

  it("refuses a second holder while the first process lives, naming its pid", async () => {
    const dir = tmp();
    // A live process other than us holds the lock.
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    fs.writeFileSync(path.join(dir, "glacial.lock"), String(sleeper.pid));
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${sleeper.pid}`));
    } finally {
      sleeper.kill();
    }
  });

  it("takes over a lock left by a dead process, and releases its own", async () => {
    const dir = tmp();
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((r) => dead.once("exit", r));
    fs.writeFileSync(path.join(dir, "glacial.lock"), String(dead.pid));
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "glacial.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "glacial.lock"))).toBe(false);
  });
});

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { ROOT } from "../support/fixtures";

describe("embedded database durability", () => {
  it("loses no committed row when the writer is killed with SIGKILL mid-write", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-kill-"));
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/durability-writer.ts", dir], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const committed: string[] = [];
    let buffer = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (d: Buffer) => {
        buffer += d.toString();
        const lines = buffer.split("\n");
        buffer = lines.pop()!;
        for (const line of lines) if (line.startsWith("committed ")) committed.push(line.slice(10));
        // Kill in the middle of the write loop, once plenty of rows are in.
        if (committed.length >= 150 && child.exitCode === null) {
          child.kill("SIGKILL");
          resolve();
        }
      });
      child.once("exit", () => resolve());
      child.once("error", reject);
    });
    await new Promise((r) => (child.exitCode === null && child.signalCode === null ? child.once("exit", r) : r(null)));
    expect(child.signalCode).toBe("SIGKILL");
    expect(committed.length).toBeGreaterThanOrEqual(150);

    // The dead writer's lock is taken over; every row it reported as committed is there.
    const reopened = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      const result = (await reopened.db.execute(sql`select key from site_settings`)) as unknown as { rows: { key: string }[] };
      const keys = new Set(result.rows.map((r) => r.key));
      const missing = committed.filter((k) => !keys.has(k));
      expect(missing).toEqual([]);
    } finally {
      await reopened.close();
    }
    // A child process that compiles its TypeScript and migrates a fresh database before its first
    // write: about 10 s on a quiet machine, over 60 s with both cores busy (load average 10-12).
  }, 180_000);
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { localDiskStorage } from "~/modules/media/storage.server";
import type { ChatMessage } from "~/modules/support/chat-input";
import { seedDemoStore } from "~/seed/demo-store.server";
import { startServer, type RunningServer } from "../support/server-process";
import { sseReader } from "../support/sse";
import { createEmptyPostgresDatabase } from "../support/test-database";

// Live delivery across processes: LISTEN/NOTIFY carries a message stored through process A to
// a stream open on process B.
describe.runIf(process.env.TEST_DATABASE_URL)("support chat across two server processes on one PostgreSQL", () => {
  const servers: RunningServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const s of servers) await s.stop("SIGKILL");
    await drop?.();
  });

  it("a message sent through process A reaches an SSE stream open on process B", async () => {
    const target = await createEmptyPostgresDatabase();
    drop = target.drop;
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-two-"));
    const database = await openDatabase({ kind: "postgres", url: target.url, poolSize: 2 });
    await database.migrate();
    await seedDemoStore(database.db, localDiskStorage(path.join(tmp, "media")));
    await database.close();

    const env = { DATABASE_URL: target.url, AUTH_SECRET: "a-shared-secret-of-at-least-32-characters", LOG_LEVEL: "warn" };
    const [a, b] = await Promise.all([
      startServer({ ...env, DATA_DIR: path.join(tmp, "a") }),
      startServer({ ...env, DATA_DIR: path.join(tmp, "b") }),
    ]);
    servers.push(a, b);

    const created = await fetch(`${a.url}/api/support/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ conversationId: null, message: "Hello!", visitorInfo: { name: "Neha" } }),
    });
    expect(created.status).toBe(200);
    const { conversationId, visitorToken, messages } = (await created.json()) as { conversationId: string; visitorToken: string; messages: ChatMessage[] };

    const controller = new AbortController();
    const stream = await fetch(`${b.url}/api/support/conversations/${conversationId}/stream?after=${messages.at(-1)!.seq}`, {
      headers: { "X-Visitor-Token": visitorToken },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const events = sseReader(stream.body!);

    const sent = await fetch(`${a.url}/api/support/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Visitor-Token": visitorToken },
      body: JSON.stringify({ conversationId, message: "What sizes are available?" }),
    });
    expect(sent.status).toBe(200);
    const first = JSON.parse((await events.next(5000)).data) as ChatMessage;
    const second = JSON.parse((await events.next(5000)).data) as ChatMessage;
    expect(first).toMatchObject({ conversationId, senderType: "visitor", message: "What sizes are available?" });
    expect(second).toMatchObject({ senderType: "ai" });
    expect(second.message).toContain("350ml to 1000ml");
    controller.abort();
  });
});

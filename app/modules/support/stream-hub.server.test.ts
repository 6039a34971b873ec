import { describe, expect, it, vi } from "vitest";
import type { Db } from "~/db/types";
import type { EventBus } from "~/modules/events/events.server";
import type { ChatMessage } from "./chat-input";

// The hub's reads, held open by the test: each call waits until the test answers it.
const reads: { from: number; answer: (messages: ChatMessage[]) => void }[] = [];
vi.mock("./conversations.server", () => ({
  listMessages: (_db: unknown, _conversationId: string, from: number) => new Promise<ChatMessage[]>((answer) => reads.push({ from, answer })),
}));
const { streamHubFor } = await import("./stream-hub.server");

const message = (seq: number) => ({ id: `m${seq}`, seq, senderType: "admin", senderName: "Ravi", message: `#${seq}`, createdAt: "2026-11-30T07:00:00.000Z" }) as unknown as ChatMessage;
const messagesAfter = (from: number, upTo: number) => Array.from({ length: upTo - from }, (_, i) => message(from + i + 1));
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the support chat's stream hub", () => {
  it("gives a stream that joins during another stream's read every message from its own cursor, none skipped", async () => {
    reads.length = 0;
    const events = { subscribe: () => () => {} } as unknown as EventBus;
    const hub = streamHubFor({ db: {} as Db, events });
    const current: number[] = [];
    const behind: number[] = [];
    hub.join("c1", 5, (ms) => current.push(...ms.map((m) => m.seq)));
    expect(reads.map((r) => r.from)).toEqual([5]);
    // A second stream opens from the start while that read is in flight.
    hub.join("c1", 0, (ms) => behind.push(...ms.map((m) => m.seq)));
    // The read answers with what was written meanwhile (6 and 7), after cursor 5 only.
    reads[0]!.answer(messagesAfter(5, 7));
    await settle();
    expect(current).toEqual([6, 7]);
    expect(behind).toEqual([]);
    // The next pass reads from the stream that is behind.
    expect(reads.map((r) => r.from)).toEqual([5, 0]);
    reads[1]!.answer(messagesAfter(0, 7));
    await settle();
    expect(behind).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(current).toEqual([6, 7]);
  });
});

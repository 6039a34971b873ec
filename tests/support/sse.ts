// A small reader of text/event-stream bodies for tests: yields { id, event, data } per event.
export type SseEvent = { id?: string; event: string; data: string };

export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const queue: SseEvent[] = [];
  const comments: string[] = [];
  // One read in flight at a time: a read abandoned by a timeout is picked up by the next call.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  const read = async (ms: number): Promise<ReadableStreamReadResult<Uint8Array> | "timeout"> => {
    pending ??= reader.read();
    const result = await Promise.race([pending, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms))]);
    if (result !== "timeout") pending = null;
    return result;
  };

  const parse = () => {
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { event: "message", data: "" };
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) comments.push(line.slice(1).trim());
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        else if (line.startsWith("event:")) event.event = line.slice(6).trim();
        else if (line.startsWith("id:")) event.id = line.slice(3).trim();
      }
      if (data.length) queue.push({ ...event, data: data.join("\n") });
    }
  };

  return {
    comments,
    /** The next event, or throws after `timeoutMs`. */
    async next(timeoutMs = 5000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      while (!queue.length) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no server-sent event arrived in time");
        const chunk = await read(left);
        if (chunk === "timeout") continue;
        if (chunk.done) throw new Error("the event stream ended");
        buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
      return queue.shift()!;
    },
    /** Events that arrive within `ms`. */
    async drain(ms: number): Promise<SseEvent[]> {
      const out: SseEvent[] = [];
      const until = Date.now() + ms;
      while (Date.now() < until) {
        try {
          out.push(await this.next(Math.max(1, until - Date.now())));
        } catch {
          break;
        }
      }
      return out;
    },
    async waitForComment(text: string, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (!comments.includes(text)) {
        if (Date.now() > deadline) throw new Error(`no "${text}" comment in time`);
        const chunk = await read(50);
        if (chunk === "timeout") continue;
        if (chunk.done) throw new Error("the event stream ended");
        buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

import crypto from "node:crypto";
import { Hono, type Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import type { AppServices } from "~/services.server";
import type { Metrics } from "./metrics";
import { TOPICS } from "~/modules/events/events";
import { replyAsBot, findVisitorConversation, listMessages, sendVisitorMessage, type ConversationEvent, type MessageEvent, supportDeps, conversationSummary, presenceFor, sendDueReplyMails, streamHubFor, newVisitorId, readVisitorId, signVisitorId, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_SECONDS, visitorCookieKey } from "~/modules/support/support.server";
import { type ChatMessage, SupportError } from "~/modules/support/support";
import { getStaff, clientIpOf } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";

// The chat's HTTP surface (thin: parse, check, call the support module, respond).
//   POST /api/support/chat                          a visitor's message (the first one opens the conversation)
//   GET  /api/support/conversations/:id/messages    history, ordered by created_at (X-Visitor-Token);
//                                                   also sets the stream's cookie
//   GET  /api/support/conversations/:id/stream      SSE of new messages; resumes after Last-Event-ID.
//                                                   EventSource cannot send headers, and a token in the
//                                                   query string ends up in proxies' logs: the token
//                                                   travels in an HttpOnly cookie scoped to this path
//   GET  /api/support/inbox/stream                  SSE for signed-in staff with support view permission

export const KEEP_ALIVE_MS = 20_000;

// One message goes to every stream of its conversation: serialise its frame once.
const frames = new WeakMap<ChatMessage, string>();
function frameOf(m: ChatMessage): string {
  let frame = frames.get(m);
  if (!frame) frames.set(m, (frame = `event: message\nid: ${m.seq}\ndata: ${JSON.stringify(m)}\n\n`));
  return frame;
}

export type SupportApiOptions = {
  keepAliveMs?: number;
  metrics?: Metrics;
  /**
   * How often this process looks for reply emails that are due (a timer set at each staff reply
   * sends them on time; this sweep covers a restart or a reply on another process). 0: never.
   */
  replyMailSweepMs?: number;
  /** Aborted when the process stops: open streams send a retry hint and close. */
  shutdown?: AbortSignal;
};

export const REPLY_MAIL_SWEEP_MS = 60_000;

/** The cookie carrying a visitor's token to the stream of one conversation (and nowhere else). */
export const STREAM_COOKIE = "glacial_chat_stream";
const streamPath = (conversationId: string) => `/api/support/conversations/${conversationId}/stream`;

function fail(c: Context, error: unknown, services: AppServices) {
  if (error instanceof SupportError) {
    const headers: Record<string, string> = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    return c.json({ error: error.message }, error.status, headers);
  }
  services.log.error({ err: error }, "support request failed");
  return c.json({ error: "Something went wrong. Please try again." }, 500);
}

/** Serialises writes to one stream; a write to a closed stream is dropped. */
function writer(stream: SSEStreamingApi) {
  let chain = Promise.resolve();
  return (write: () => Promise<unknown>) => {
    chain = chain.then(() => (stream.aborted || stream.closed ? undefined : write().then(() => undefined))).catch(() => undefined);
    return chain;
  };
}

/**
 * Keeps the stream open with comments until the client goes away, then runs `cleanup`. When the
 * process stops, the stream first tells the browser how soon to reconnect (spread over a few
 * seconds, so a process's streams do not all land on the others at once) and then closes; the
 * browser resumes from its Last-Event-ID on whichever process answers.
 */
async function holdOpen(stream: SSEStreamingApi, keepAliveMs: number, enqueue: ReturnType<typeof writer>, cleanup: () => void, shutdown?: AbortSignal) {
  const timer = setInterval(() => void enqueue(() => stream.write(": keep-alive\n\n")), keepAliveMs);
  let stopping = false;
  await new Promise<void>((resolve) => {
    if (stream.aborted) return resolve();
    stream.onAbort(() => resolve());
    const stop = () => {
      stopping = true;
      resolve();
    };
    if (shutdown?.aborted) stop();
    else shutdown?.addEventListener("abort", stop, { once: true });
  });
  clearInterval(timer);
  cleanup();
  if (stopping && !stream.aborted) {
    await enqueue(() => stream.write(`retry: ${reconnectDelayMs()}\n\n`));
    await stream.close().catch(() => {});
  }
}

export function reconnectDelayMs(): number {
  return 500 + Math.floor(Math.random() * 2500);
}

export function supportApi(services: AppServices, options: SupportApiOptions = {}) {
  const api = new Hono();
  const deps = supportDeps(services);
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
  const secure = services.config.publicUrl.startsWith("https:");
  let cookieKey: Promise<Buffer> | undefined;
  const visitorKey = () => (cookieKey ??= services.auth.$context.then((ctx) => visitorCookieKey(ctx.secret)));

  const sweepMs = options.replyMailSweepMs ?? REPLY_MAIL_SWEEP_MS;
  if (sweepMs > 0) {
    const sweep = setInterval(() => void sendDueReplyMails(deps), sweepMs);
    sweep.unref?.();
    void sendDueReplyMails(deps);
  }

  /** The visitor id of the request's signed cookie; a new one (and its cookie) when it has none. */
  async function visitorIdOf(c: Context): Promise<string> {
    const key = await visitorKey();
    const known = readVisitorId(key, getCookie(c, VISITOR_COOKIE));
    if (known) return known;
    const id = newVisitorId();
    setCookie(c, VISITOR_COOKIE, signVisitorId(key, id), { path: "/api/support", httpOnly: true, sameSite: "Lax", secure, maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS });
    return id;
  }

  api.post("/chat", async (c) => {
    try {
      const body = await c.req.json().catch(() => {
        throw new SupportError("invalid", "Send the message as JSON.");
      });
      const token = c.req.header("x-visitor-token") ?? (typeof body?.visitorToken === "string" ? body.visitorToken : null);
      const clientIp = clientIpOf(c.req.raw.headers);
      const sent = await sendVisitorMessage(deps, body, { token, clientIp, visitorId: await visitorIdOf(c) });
      const reply = await replyAsBot(deps, sent.conversation, sent.message.message, { clientIp, firstMessage: Boolean(sent.visitorToken) });
      return c.json({
        conversationId: sent.conversationId,
        ...(sent.visitorToken ? { visitorToken: sent.visitorToken } : {}),
        messages: reply ? [sent.message, reply] : [sent.message],
      });
    } catch (error) {
      return fail(c, error, services);
    }
  });

  api.get("/conversations/:id/messages", async (c) => {
    try {
      const token = c.req.header("x-visitor-token");
      const conversation = await findVisitorConversation(services.db, c.req.param("id"), token);
      setCookie(c, STREAM_COOKIE, token!, {
        path: streamPath(conversation.id),
        httpOnly: true,
        sameSite: "Strict",
        secure,
        maxAge: 60 * 60 * 24 * 30,
      });
      // The visitor's name too: a browser opening the conversation from a reply email's link has only the link.
      return c.json({ messages: await listMessages(services.db, conversation.id), visitor: { name: conversation.visitorName } }, 200, { "Cache-Control": "no-store" });
    } catch (error) {
      return fail(c, error, services);
    }
  });

  api.get("/conversations/:id/stream", async (c) => {
    let conversationId: string;
    try {
      conversationId = (await findVisitorConversation(services.db, c.req.param("id"), c.req.header("x-visitor-token") ?? getCookie(c, STREAM_COOKIE))).id;
    } catch (error) {
      return fail(c, error, services);
    }
    // EventSource resends the last id it saw on reconnect; the first connection names the last
    // message its history read returned.
    const cursor = Math.max(0, Number.parseInt(c.req.header("last-event-id") ?? c.req.query("after") ?? "0", 10) || 0);
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      const enqueue = writer(stream);
      await enqueue(() => stream.write("retry: 2000\n\n"));
      const leave = streamHubFor(deps).join(conversationId, cursor, (messages: ChatMessage[]) => {
        // JSON.stringify escapes every newline, so the data is one line, as SSE needs.
        for (const m of messages) void enqueue(() => stream.write(frameOf(m)));
      });
      const gone = presenceFor(deps).join(conversationId);
      options.metrics?.openStreams.inc({ stream: "support-visitor" });
      await holdOpen(
        stream,
        keepAliveMs,
        enqueue,
        () => {
          options.metrics?.openStreams.dec({ stream: "support-visitor" });
          leave();
          gone();
        },
        options.shutdown,
      );
    });
  });

  api.get("/inbox/stream", async (c) => {
    const staff = await getStaff(services, c.req.raw);
    if (!staff) return c.json({ error: "Sign in to continue." }, 401);
    if (!can(staff.roles, "support", "view")) return c.json({ error: "You do not have permission to do that." }, 403);
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      const enqueue = writer(stream);
      await enqueue(() => stream.write("retry: 2000\n\n"));
      const tell = (conversationId: string, kind: string, senderType?: string) =>
        void enqueue(async () => {
          const summary = await conversationSummary(services.db, conversationId);
          if (!summary) return;
          await stream.writeSSE({
            id: crypto.randomUUID(),
            event: "inbox",
            data: JSON.stringify({ conversationId, kind, senderType, ...summary }),
          });
        });
      const offMessage = services.events.subscribe(TOPICS.supportMessage, (p) => {
        const e = p as MessageEvent;
        tell(e.conversationId, "message", e.senderType);
      });
      const offConversation = services.events.subscribe(TOPICS.supportConversation, (p) => {
        const e = p as ConversationEvent;
        tell(e.conversationId, e.change);
      });
      options.metrics?.openStreams.inc({ stream: "support-inbox" });
      await holdOpen(
        stream,
        keepAliveMs,
        enqueue,
        () => {
          options.metrics?.openStreams.dec({ stream: "support-inbox" });
          offMessage();
          offConversation();
        },
        options.shutdown,
      );
    });
  });

  return api;
}

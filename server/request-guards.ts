import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimitFor, isUploadPath, pathKindOf } from "~/lib/path-kinds";
import { findControlCharacter } from "~/lib/control-characters";
import { TOO_LARGE_MESSAGE } from "~/modules/media/media";
import { getStaff } from "~/modules/staff/staff.server";
import type { AppServices } from "~/services.server";

// Guards every request passes before any route reads it. Node buffers a body only when asked,
// so these run first: a body larger than its path allows is refused while it streams in (never
// buffered whole), an anonymous staff mutation is refused before a byte of its body is read, and
// text input carrying control characters (NUL above all, which PostgreSQL cannot store in text)
// is refused with 400 rather than failing deep inside a query.

const CONTROL_MESSAGE = "The request contains control characters (such as NUL), which are not accepted.";

function isReadOnly(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

/**
 * Ends the connection of a refused request without losing the answer. The answer says
 * "Connection: close", so a client that pools connections never sends its next request on this
 * one. Node ends such an answer with destroySoon(), which destroys the socket once the answer is
 * written: the rest of a body still arriving would then meet a reset, which often wipes the
 * answer from the client's buffer before it is read. So this socket only half-closes instead
 * (nginx's "lingering close"): the client reads the answer while Node discards the rest of the
 * body; a client that never stops sending is cut off after 30 s.
 */
function closeAfterAnswer(c: Context): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return;
  const socket = incoming.socket;
  socket.destroySoon = () => {
    socket.end();
  };
  const limit = setTimeout(() => socket.destroy(), 30_000);
  limit.unref();
  socket.once("close", () => clearTimeout(limit));
}

function refuse(c: Context, status: 400 | 401 | 413, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  closeAfterAnswer(c);
  // Said in the answer too: a client that pools connections must not send its next request on
  // one this server is about to end (it would fail with "other side closed").
  return c.json(body, status, { "Cache-Control": "no-store", Connection: "close", ...headers });
}

function tooLarge(c: Context): Response {
  return refuse(c, 413, isUploadPath(c.req.path) ? { ok: false, error: TOO_LARGE_MESSAGE } : { error: "The request is too large." });
}

/** 400 for a path or query string that decodes to control characters or does not decode at all. */
export function requestTarget(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      return c.json({ error: "The address is not valid." }, 400, { "Cache-Control": "no-store" });
    }
    if (findControlCharacter(decoded, { allowLineBreaks: false }) !== null) return c.json({ error: CONTROL_MESSAGE }, 400, { "Cache-Control": "no-store" });
    for (const [key, value] of url.searchParams) {
      if (findControlCharacter(key, { allowLineBreaks: false }) !== null || findControlCharacter(value) !== null) {
        return c.json({ error: CONTROL_MESSAGE }, 400, { "Cache-Control": "no-store" });
      }
    }
    await next();
  };
}

/**
 * Body size, staff session and body content, in that order: the declared size is refused before
 * anything else; then a staff mutation without a staff session (no body read); then the body is
 * read up to its limit (a chunked body that grows past it is cut off with 413) and, when it is
 * text, checked for control characters.
 */
export function requestBody(services: Pick<AppServices, "auth" | "db">): MiddlewareHandler {
  return async (c, next) => {
    if (isReadOnly(c.req.method) || !c.req.raw.body) return next();
    const limit = bodyLimitFor(c.req.path);
    const declared = c.req.header("content-length");
    if (declared !== undefined && !c.req.header("transfer-encoding")) {
      const size = Number(declared);
      if (!Number.isSafeInteger(size) || size < 0) return refuse(c, 400, { error: "Invalid Content-Length." });
      if (size > limit) return tooLarge(c);
    }

    if (pathKindOf(c.req.path) === "admin") {
      const staff = await getStaff(services as AppServices, c.req.raw).catch(() => null);
      if (!staff) {
        if (c.req.path.endsWith(".data")) {
          // React Router's client: its header form of a redirect, to the sign-in page.
          closeAfterAnswer(c);
          return new Response(null, {
            status: 204,
            headers: { "X-Remix-Redirect": "/admin/login", "X-Remix-Status": "302", "X-Remix-Reload-Document": "true", "Cache-Control": "no-store" },
          });
        }
        return refuse(c, 401, { error: "Sign in to continue." });
      }
    }

    const bytes = await readLimited(c.req.raw.body, limit);
    if (bytes === null) return tooLarge(c);
    const problem = await textProblem(c.req.header("content-type") ?? "", bytes);
    if (problem) return c.json({ error: problem }, 400, { "Cache-Control": "no-store" });
    const raw = c.req.raw;
    c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body: bytes, signal: raw.signal });
    await next();
  };
}

/** The whole body, or null as soon as it grows past `limit` (the rest is never read). */
async function readLimited(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // The rest is left unread: Node discards it once the refusal is sent (closeAfterAnswer).
    if (size > limit) return null;
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** A message when a text body (form, JSON, multipart fields) holds a control character. */
async function textProblem(contentType: string, bytes: Uint8Array<ArrayBuffer>): Promise<string | null> {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    for (const [key, value] of new URLSearchParams(new TextDecoder().decode(bytes))) {
      if (findControlCharacter(key, { allowLineBreaks: false }) !== null || findControlCharacter(value) !== null) return CONTROL_MESSAGE;
    }
    return null;
  }
  if (type === "application/json" || type === "text/plain") {
    const text = new TextDecoder().decode(bytes);
    let value: unknown = text;
    if (type === "application/json") {
      try {
        value = JSON.parse(text);
      } catch {
        return null; // Not JSON at all: the route answers that in its own words.
      }
    }
    return hasControlInValue(value) ? CONTROL_MESSAGE : null;
  }
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
    } catch {
      return null;
    }
    for (const [key, value] of form) {
      if (findControlCharacter(key, { allowLineBreaks: false }) !== null) return CONTROL_MESSAGE;
      const text = typeof value === "string" ? value : value.name;
      if (findControlCharacter(text) !== null) return CONTROL_MESSAGE;
    }
  }
  return null;
}

function hasControlInValue(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (typeof value === "string") return findControlCharacter(value) !== null;
  if (Array.isArray(value)) return value.some((v) => hasControlInValue(v, depth + 1));
  if (value && typeof value === "object") {
    return Object.entries(value).some(([k, v]) => findControlCharacter(k, { allowLineBreaks: false }) !== null || hasControlInValue(v, depth + 1));
  }
  return false;
}

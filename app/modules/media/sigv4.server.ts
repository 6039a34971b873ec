import crypto from "node:crypto";

// AWS Signature Version 4 for S3-compatible object stores (AWS S3, MinIO, Cloudflare R2, ...).
// Hand-written because the shop needs three calls (put, get, delete) and no S3 SDK is among its
// dependencies; checked against the worked example in AWS's S3 documentation (sigv4.server.test.ts).

export type Credentials = { accessKeyId: string; secretAccessKey: string; region: string; service?: string };

const sha256Hex = (data: string | Uint8Array) => crypto.createHash("sha256").update(data).digest("hex");
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it; slashes stay in paths. */
export function uriEncode(value: string, keepSlash = false): string {
  return [...value]
    .map((ch) => (/[A-Za-z0-9\-._~]/.test(ch) || (keepSlash && ch === "/") ? ch : [...Buffer.from(ch)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("")))
    .join("");
}

/**
 * The headers to send (Authorization, x-amz-date, x-amz-content-sha256 and the given ones).
 * `headers` must include host; every given header is signed.
 */
export function signRequest(
  req: { method: string; url: URL; headers: Record<string, string>; payloadHash: string },
  creds: Credentials,
  now: Date = new Date(),
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, "");
  const day = amzDate.slice(0, 8);
  const service = creds.service ?? "s3";
  const headers: Record<string, string> = { ...lower(req.headers), "x-amz-date": amzDate, "x-amz-content-sha256": req.payloadHash };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  const query = [...req.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x! < y! ? -1 : 1) : a! < b! ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonical = [req.method, uriEncode(decodeURIComponent(req.url.pathname), true), query, canonicalHeaders, signedHeaders, req.payloadHash].join("\n");
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), service), "aws4_request");
  const signature = crypto.createHmac("sha256", key).update(toSign).digest("hex");
  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}` };
}

export { sha256Hex };

function lower(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

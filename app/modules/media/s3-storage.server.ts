import type { MediaStorage } from "./storage.server";
import { sha256Hex, signRequest, uriEncode } from "./sigv4.server";

export type S3Config = {
  /** e.g. https://s3.ap-south-1.amazonaws.com, http://minio:9000, https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key (MinIO and most S3-compatible stores) rather than https://bucket.endpoint/key. */
  forcePathStyle: boolean;
};

/** Media in an S3-compatible bucket: the same face as the local disk (put, get, remove by object name). */
export function s3Storage(config: S3Config, fetchImpl: typeof fetch = fetch): MediaStorage {
  const endpoint = new URL(config.endpoint);
  const urlFor = (name: string) => {
    const key = uriEncode(name.replace(/^\/+/, ""), true);
    if (config.forcePathStyle) return new URL(`${endpoint.origin}${endpoint.pathname.replace(/\/$/, "")}/${uriEncode(config.bucket)}/${key}`);
    return new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}/${key}`);
  };
  const send = async (method: "PUT" | "GET" | "DELETE", name: string, body?: Buffer) => {
    const url = urlFor(name);
    const extra: Record<string, string> = { host: url.host };
    if (body) extra["content-type"] = "application/octet-stream";
    const headers = signRequest({ method, url, headers: extra, payloadHash: sha256Hex(body ?? "") }, config);
    // fetch sets Host itself from the URL; sending it again is refused by undici.
    delete headers.host;
    return fetchImpl(url, { method, headers, body: body ? new Uint8Array(body) : undefined });
  };
  return {
    async put(name, bytes) {
      const res = await send("PUT", name, bytes);
      if (!res.ok) throw new Error(`S3 put ${name} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    },
    async get(name) {
      const res = await send("GET", name);
      if (res.status === 404 || res.status === 403) return null;
      if (!res.ok) throw new Error(`S3 get ${name} answered ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(name) {
      const res = await send("DELETE", name);
      if (!res.ok && res.status !== 404) throw new Error(`S3 delete ${name} answered ${res.status}`);
    },
  };
}

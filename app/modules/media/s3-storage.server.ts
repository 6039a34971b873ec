import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { MediaStorage } from "./storage.server";

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

const encodeKey = (name: string) => name.replace(/^\/+/, "").split("/").map(encodeURIComponent).join("/");

/**
 * Media in an S3-compatible bucket: the same face as the local disk (put, get, remove by object
 * name). Requests are signed with SigV4 by aws4fetch; the body's SHA-256 is signed too, so the
 * bucket refuses a body changed on the way.
 */
export function s3Storage(config: S3Config, fetchImpl: typeof fetch = fetch): MediaStorage {
  const endpoint = new URL(config.endpoint);
  const client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, service: "s3", region: config.region });
  const urlFor = (name: string) =>
    config.forcePathStyle
      ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, "")}/${encodeURIComponent(config.bucket)}/${encodeKey(name)}`
      : `${endpoint.protocol}//${config.bucket}.${endpoint.host}/${encodeKey(name)}`;
  const send = async (method: "PUT" | "GET" | "DELETE", name: string, body?: Buffer) => {
    const headers: Record<string, string> = { "x-amz-content-sha256": createHash("sha256").update(body ?? "").digest("hex") };
    if (body) headers["content-type"] = "application/octet-stream";
    const request = await client.sign(urlFor(name), { method, headers, body: body ? new Uint8Array(body) : undefined });
    return fetchImpl(request);
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

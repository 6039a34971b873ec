import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "~/config.server";
import { s3Storage, type S3Config } from "~/modules/media/s3-storage.server";

// A stand-in S3 endpoint: it recomputes each request's SigV4 signature from what actually arrived
// (method, path, host and signed headers) and checks the signed body hash, so a request signed
// differently from how fetch sent it, or with a body changed on the way, is refused as S3 would.
describe("media in an S3-compatible bucket", () => {
  const objects = new Map<string, Buffer>();
  const seen: string[] = [];
  let server: http.Server;
  let config: S3Config;
  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      const auth = String(req.headers.authorization ?? "");
      const signed = auth.match(/SignedHeaders=([^,]+)/)?.[1]?.split(";") ?? [];
      const url = new URL(`http://${req.headers.host}${req.url}`);
      const given = Object.fromEntries(signed.filter((h) => h !== "host" && h !== "x-amz-date").map((h) => [h, String(req.headers[h])]));
      const signer = new AwsV4Signer({
        method: req.method!,
        url: url.toString(),
        headers: given,
        datetime: String(req.headers["x-amz-date"]),
        accessKeyId: config.accessKeyId,
        secretAccessKey: config.secretAccessKey,
        service: "s3",
        region: config.region,
      });
      const expected = (await signer.sign()).headers.get("authorization");
      if (auth !== expected || req.headers["x-amz-content-sha256"] !== createHash("sha256").update(body).digest("hex")) {
        res.writeHead(403).end("SignatureDoesNotMatch");
        return;
      }
      seen.push(`${req.method} ${url.pathname}`);
      const key = decodeURIComponent(url.pathname);
      if (req.method === "PUT") objects.set(key, body);
      if (req.method === "DELETE") objects.delete(key);
      if (req.method === "GET" && !objects.has(key)) return void res.writeHead(404).end();
      res.writeHead(req.method === "DELETE" ? 204 : 200).end(req.method === "GET" ? objects.get(key) : undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    config = readConfig({ S3_BUCKET: "shop-media", S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: "ap-south-1", S3_ACCESS_KEY_ID: "AKIDTEST", S3_SECRET_ACCESS_KEY: "secret-test-key" }).s3!;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("puts, gets and removes objects under the spec's names with signed requests", async () => {
    const storage = s3Storage(config);
    const name = "products/1700000000000-My_photo__1_.jpg";
    await storage.put(name, Buffer.from("jpeg bytes"));
    expect((await storage.get(name))?.toString()).toBe("jpeg bytes");
    await storage.remove(name);
    expect(await storage.get(name)).toBeNull();
    expect(seen).toEqual([`PUT /shop-media/${name}`, `GET /shop-media/${name}`, `DELETE /shop-media/${name}`, `GET /shop-media/${name}`]);
  });

  it("fails loudly on a wrong key instead of losing the upload", async () => {
    const storage = s3Storage({ ...config, secretAccessKey: "wrong" });
    await expect(storage.put("products/x.png", Buffer.from("x"))).rejects.toThrow(/answered 403/);
  });

  it("is configured only with both keys", () => {
    expect(readConfig({}).s3).toBeNull();
    expect(() => readConfig({ S3_BUCKET: "b" })).toThrow(/S3_ACCESS_KEY_ID/);
  });
});

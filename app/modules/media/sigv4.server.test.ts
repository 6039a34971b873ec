import { describe, expect, it } from "vitest";
import { sha256Hex, signRequest, uriEncode } from "./sigv4.server";

describe("SigV4", () => {
  it("reproduces AWS's worked example (S3 docs, 'Example: GET Object')", () => {
    const headers = signRequest(
      { method: "GET", url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"), headers: { host: "examplebucket.s3.amazonaws.com", range: "bytes=0-9" }, payloadHash: sha256Hex("") },
      { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1" },
      new Date("2013-05-24T00:00:00Z"),
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
  it("encodes like RFC 3986, keeping slashes in paths only", () => {
    expect(uriEncode("products/1-a b(1).jpg", true)).toBe("products/1-a%20b%281%29.jpg");
    expect(uriEncode("a/b")).toBe("a%2Fb");
  });
});

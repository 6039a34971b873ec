import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listPublicFiles } from "../../server/app";

describe("the client build's public files", () => {
  it("are listed by request path once, without the hashed assets or the compressed twins", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-public-"));
    for (const file of ["favicon.ico", "placeholder.svg", "placeholder.svg.br", "placeholder.svg.gz", "hero/hero-1.svg", "features/a/b.webp", "assets/entry-abc123.js", "assets/entry-abc123.js.br"]) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), "x");
    }
    expect([...listPublicFiles(root)].sort()).toEqual(["/favicon.ico", "/features/a/b.webp", "/hero/hero-1.svg", "/placeholder.svg"]);
  });
});

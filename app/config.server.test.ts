import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config.server";

describe("readConfig", () => {
  it("defaults to the embedded database on port 3000", () => {
    const c = readConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.dataDir.endsWith("/data")).toBe(true);
  });
  it("refuses a bad port with a message naming the variable", () => {
    expect(() => readConfig({ PORT: "http" })).toThrow(ConfigError);
    expect(() => readConfig({ PORT: "99999" })).toThrow(/PORT/);
  });
  it("caps the image cache at 2 GB unless IMAGE_CACHE_MAX_MB says otherwise, and refuses a cap that is not a whole number of MB", () => {
    expect(readConfig({}).imageCacheMaxBytes).toBe(2048 * 1024 * 1024);
    expect(readConfig({ IMAGE_CACHE_MAX_MB: "500" }).imageCacheMaxBytes).toBe(500 * 1024 * 1024);
    expect(() => readConfig({ IMAGE_CACHE_MAX_MB: "0" })).toThrow(/IMAGE_CACHE_MAX_MB/);
    expect(() => readConfig({ IMAGE_CACHE_MAX_MB: "lots" })).toThrow(/IMAGE_CACHE_MAX_MB/);
  });
});

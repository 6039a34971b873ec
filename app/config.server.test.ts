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
});

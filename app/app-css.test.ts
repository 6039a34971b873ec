import fs from "node:fs";
import { describe, expect, it } from "vitest";

const css = fs.readFileSync(new URL("./app.css", import.meta.url), "utf8");

describe("the storefront's text font", () => {
  it("asks for the system font first, so no size or weight starts with a lookup for a family the browser lacks", () => {
    const stack = /--font-sans:\s*([^;]+);/.exec(css)?.[1]?.split(",").map((family) => family.trim());
    expect(stack?.[0]).toBe("system-ui");
    // Safari's own generic: every other browser looks it up as a family and misses, once per size and weight.
    expect(stack).not.toContain("ui-sans-serif");
    expect(stack?.at(-1)).toBe("sans-serif");
  });
});

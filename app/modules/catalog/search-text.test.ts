import { describe, expect, it } from "vitest";
import { HIGHLIGHT_START as S, HIGHLIGHT_STOP as E, MAX_QUERY_LENGTH, highlightParts, normaliseQuery } from "./search-text";

describe("normaliseQuery", () => {
  it("trims, collapses whitespace and removes control characters", () => {
    expect(normaliseQuery("  steel\u0000 \n bottle\t ")).toBe("steel bottle");
    expect(normaliseQuery(null)).toBe("");
  });
  it("caps the length", () => {
    expect(normaliseQuery("a".repeat(1000))).toHaveLength(MAX_QUERY_LENGTH);
  });
});

describe("highlightParts", () => {
  it("splits marked text into matched and plain parts", () => {
    expect(highlightParts(`The ${S}bottle${E} is ${S}cold${E}`)).toEqual([
      { text: "The ", match: false },
      { text: "bottle", match: true },
      { text: " is ", match: false },
      { text: "cold", match: true },
    ]);
  });
  it("keeps markup as text", () => {
    expect(highlightParts(`<img src=x onerror=alert(1)> ${S}x${E}`)[0]).toEqual({ text: "<img src=x onerror=alert(1)> ", match: false });
  });
});

import { describe, expect, it } from "vitest";
import { findControlCharacter } from "./control-characters";

describe("control characters", () => {
  it("finds NUL and other C0 controls and DEL", () => {
    expect(findControlCharacter("ab\u0000c")).toBe(2);
    expect(findControlCharacter("\u0007")).toBe(0);
    expect(findControlCharacter("x\u007f")).toBe(1);
  });
  it("allows tab and line breaks in text, unless told not to", () => {
    expect(findControlCharacter("line one\r\nline two\tend")).toBeNull();
    expect(findControlCharacter("a\nb", { allowLineBreaks: false })).toBe(1);
  });
  it("leaves ordinary Unicode alone", () => {
    expect(findControlCharacter("₹4,999 — नमस्ते 😀")).toBeNull();
  });
});

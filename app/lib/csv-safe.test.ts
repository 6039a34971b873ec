import { describe, expect, it } from "vitest";
import { csvSafeCell } from "./csv-safe";

describe("CSV formula guard", () => {
  it("prefixes cells a spreadsheet would run as a formula with an apostrophe", () => {
    for (const v of ["=1+2", "+91 80", "-2", "@SUM(A1)", "\t=1", "\r=1"]) expect(csvSafeCell(v)).toBe(`'${v}`);
  });
  it("leaves ordinary text alone", () => {
    for (const v of ["a@b.in", "I agree = yes", "", "2026-11-22T10:00:00.000Z"]) expect(csvSafeCell(v)).toBe(v);
  });
});

import { describe, expect, it } from "vitest";
import { financialYearOf, invoiceNumber } from "./invoice-number";

describe("tax invoice numbers", () => {
  it("roll over to the new financial year at midnight of 1 April in India, not in UTC", () => {
    // 31 March 2027 23:59:59 IST is 18:29:59 UTC; 1 April 00:00 IST is 18:30 UTC.
    expect(financialYearOf(new Date("2027-03-31T18:29:59Z"))).toBe("26-27");
    expect(financialYearOf(new Date("2027-03-31T18:30:00Z"))).toBe("27-28");
    expect(financialYearOf(new Date("2026-11-25T10:00:00Z"))).toBe("26-27");
    expect(financialYearOf(new Date("2099-12-31T10:00:00Z"))).toBe("99-00");
  });
  it("are at most 16 characters", () => {
    expect(invoiceNumber("26-27", 123)).toBe("GL/26-27/000123");
    expect(invoiceNumber("26-27", 123).length).toBeLessThanOrEqual(16);
    expect(() => invoiceNumber("26-27", 123, "GLACIAL")).toThrow(/longer than 16/);
  });
});

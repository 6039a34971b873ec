import { describe, expect, it } from "vitest";
import { parseOrderFilter } from "./order-filter";

describe("the orders list's filter", () => {
  it("reads the payment status as one of the known states, beside the method, status, search and dates", () => {
    const f = parseOrderFilter(new URLSearchParams("q=GL-00&status=shipped&payment=cod&paymentStatus=cod_collected&from=2026-11-01&to=2026-11-30&page=2"));
    expect(f.form).toEqual({ q: "GL-00", status: "shipped", payment: "cod", paymentStatus: "cod_collected", from: "2026-11-01", to: "2026-11-30" });
    expect(f.query).toMatchObject({ q: "GL-00", status: "shipped", payment: "cod", paymentStatus: "cod_collected", page: 2 });
    // Days are India's: from its midnight (18:30 UTC the day before) to the next midnight.
    expect(f.query.from!.toISOString()).toBe("2026-10-31T18:30:00.000Z");
    expect(f.query.to!.toISOString()).toBe("2026-11-30T18:30:00.000Z");
  });

  it("ignores a payment status it does not know (a hand-edited link), as it does any malformed parameter", () => {
    for (const bad of ["captured", "PAID", "", "paid'--"]) {
      const f = parseOrderFilter(new URLSearchParams({ paymentStatus: bad, status: "processing" }));
      expect(f.query.paymentStatus, bad).toBeUndefined();
      expect(f.form.paymentStatus).toBe("");
      expect(f.query.status).toBe("processing");
    }
  });
});

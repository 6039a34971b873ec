import { describe, expect, it } from "vitest";
import { customerNoteSchema, customerTagSchema } from "./customer-forms";
import { CUSTOMER_KEY, parseCustomerQuery } from "./customer-query";

describe("the customers list's parameters and the detail's forms", () => {
  it("reads the address, and anything it does not know falls back to the default", () => {
    expect(parseCustomerQuery(new URLSearchParams(""))).toEqual({ q: "", orders: "", subscribed: "", from: "", to: "", sort: "ltv", dir: "desc", page: 1 });
    expect(parseCustomerQuery(new URLSearchParams("q=  asha  &orders=yes&subscribed=no&from=2026-01-01&to=2026-12-31&sort=last&dir=asc&page=3"))).toEqual({
      q: "asha",
      orders: "yes",
      subscribed: "no",
      from: "2026-01-01",
      to: "2026-12-31",
      sort: "last",
      dir: "asc",
      page: 3,
    });
    expect(parseCustomerQuery(new URLSearchParams("orders=maybe&from=01/01/2026&sort=name&dir=up&page=0"))).toMatchObject({ orders: "", from: "", sort: "ltv", dir: "desc", page: 1 });
  });

  it("knows a customer's key by its shape", () => {
    expect(CUSTOMER_KEY.test("u-1d6ce026-ab37-4f55-b80b-0afdc10509eb")).toBe(true);
    expect(CUSTOMER_KEY.test(`g-${"a".repeat(32)}`)).toBe(true);
    for (const bad of ["", "u-1", "g-asha@example.in", `g-${"A".repeat(32)}`, "toString"]) expect(CUSTOMER_KEY.test(bad), bad).toBe(false);
  });

  it("takes a note and a tag, with a message for each mistake", () => {
    expect(customerNoteSchema.parse({ body: "  Calls after 6 pm.\nPrefers Hindi. " })).toEqual({ body: "Calls after 6 pm.\nPrefers Hindi." });
    expect(customerNoteSchema.safeParse({ body: " " }).error?.issues[0]?.message).toBe("Write the note first.");
    expect(customerNoteSchema.safeParse({ body: "bell\u0007" }).success).toBe(false);
    expect(customerTagSchema.parse({ tag: " VIP " })).toEqual({ tag: "vip" });
    expect(customerTagSchema.safeParse({ tag: "two words" }).error?.issues[0]?.message).toMatch(/letters, digits and hyphens/);
  });
});

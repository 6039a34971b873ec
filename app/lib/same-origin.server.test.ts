import { describe, expect, it } from "vitest";
import { requireSameOrigin } from "./same-origin.server";

const post = (origin?: string) => new Request("http://127.0.0.1:3000/login", { method: "POST", headers: origin ? { origin } : {} });

describe("requireSameOrigin", () => {
  it("lets same-origin and origin-less posts through", () => {
    expect(() => requireSameOrigin(post("http://127.0.0.1:3000"), "https://shop.example")).not.toThrow();
    expect(() => requireSameOrigin(post("https://shop.example"), "https://shop.example")).not.toThrow();
    expect(() => requireSameOrigin(post(), "https://shop.example")).not.toThrow();
  });
  it("refuses another site's post", () => {
    expect(() => requireSameOrigin(post("https://evil.example"), "https://shop.example")).toThrow();
  });
});

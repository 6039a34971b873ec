import { describe, expect, it } from "vitest";
import { can } from "./permissions";

describe("can", () => {
  it("gives a user with several roles the union", () => {
    expect(can(["viewer"], "support", "view")).toBe(false);
    expect(can(["viewer", "support"], "support", "edit")).toBe(true);
    expect(can(["viewer", "support"], "support", "delete")).toBe(false);
  });
  it("lets super_admin pass every check and nobody without roles", () => {
    expect(can(["super_admin"], "user_management", "delete")).toBe(true);
    expect(can([], "dashboard", "view")).toBe(false);
  });
});

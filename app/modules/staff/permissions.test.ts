import { describe, expect, it } from "vitest";
import { can, holds } from "./permissions";

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

describe("holds", () => {
  it("gives personal data and every mail's body to super_admin alone, and the closed shop to admins too", () => {
    for (const right of ["personal_data", "read_any_mail"] as const) {
      expect(holds(["super_admin"], right), right).toBe(true);
      expect(holds(["admin", "support", "viewer"], right), right).toBe(false);
    }
    expect(holds(["admin"], "pass_maintenance")).toBe(true);
    expect(holds(["super_admin"], "pass_maintenance")).toBe(true);
    expect(holds(["support", "viewer"], "pass_maintenance")).toBe(false);
    expect(holds([], "pass_maintenance")).toBe(false);
  });
});

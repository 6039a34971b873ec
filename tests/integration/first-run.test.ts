import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "~/modules/audit/audit.server";
import { getStaff } from "~/modules/staff/guard.server";
import { accounts, users } from "~/modules/staff/schema";
import { announceFirstRun, completeSetup, displaySetupCode, isSetupOpen, setupCodeFor } from "~/modules/staff/first-run.server";
import { setupForm, type SetupInput } from "~/modules/staff/setup-form";
import { registerShopper } from "~/modules/staff/shopper-auth.server";
import { rolesOf } from "~/modules/staff/staff-users.server";
import { createLogger } from "~/lib/logger.server";
import type { AppServices } from "~/services.server";
import { cookieHeader, createStaff, openTestServices, requestFrom } from "../support/test-services";
import { DRIVERS } from "../support/test-database";

const post = (ip = "10.9.0.1") => requestFrom("/admin/setup", { method: "POST", ip });
const input = (services: AppServices, over: Partial<SetupInput> = {}): SetupInput => ({
  code: setupCodeFor(services.config.authSecret!),
  email: "owner@glacial.in",
  password: "a long owner passphrase",
  confirm: "a long owner passphrase",
  ...over,
});

describe("the setup form's schema", () => {
  it("reads a code typed with dashes, spaces, lower case and look-alike letters; names each bad field", () => {
    const parsed = setupForm.safeParse({ code: " zjh4-lxrj-qs4c ", email: " Owner@Glacial.IN ", password: "a long owner passphrase", confirm: "a long owner passphrase" });
    expect(parsed.success && parsed.data).toMatchObject({ code: "ZJH41XRJQS4C", email: "owner@glacial.in" });
    const bad = setupForm.safeParse({ code: "12", email: "nope", password: "short", confirm: "other" });
    expect(bad.success).toBe(false);
    const fields = new Set(bad.error!.issues.map((i) => i.path[0]));
    expect(fields).toEqual(new Set(["code", "email", "password", "confirm"]));
    const mismatch = setupForm.safeParse({ code: "ZJH41XRJQS4C", email: "a@b.in", password: "a long owner passphrase", confirm: "another passphrase" });
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ["confirm"], message: "The two passwords do not match." });
  });

  it("derives one 12-character code per secret, printed in groups of four", () => {
    const code = setupCodeFor("secret-one-secret-one-secret-one-!");
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(setupCodeFor("secret-one-secret-one-secret-one-!")).toBe(code);
    expect(setupCodeFor("secret-two-secret-two-secret-two-!")).not.toBe(code);
    expect(displaySetupCode(code)).toBe(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`);
  });
});

describe.each(DRIVERS)("first-run setup on %s", (kind) => {
  let services: AppServices;
  beforeAll(async () => {
    services = await openTestServices(kind);
  });
  afterAll(() => services?.close());

  it("prints the code and the address in the log while no staff account exists", async () => {
    const lines: string[] = [];
    const log = createLogger("info", { write: (line: string) => void lines.push(line) });
    expect(await announceFirstRun({ ...services, log })).toBe(true);
    const entry = JSON.parse(lines[0]!) as { msg: string; setupUrl: string };
    expect(entry.setupUrl).toBe("http://localhost:3000/admin/setup");
    expect(entry.msg).toContain(displaySetupCode(setupCodeFor(services.config.authSecret!)));
  });

  it("refuses a wrong code (counted per address), a common password, and changes nothing", async () => {
    const wrong = await completeSetup(services, post("10.9.1.1"), input(services, { code: "000000000000" }));
    expect(wrong).toEqual({ kind: "invalid", field: "code", message: "That is not this shop's setup code. Copy it from the server's log." });
    const weak = await completeSetup(services, post("10.9.1.1"), input(services, { password: "password123", confirm: "password123" }));
    expect(weak).toMatchObject({ kind: "invalid", field: "password", message: expect.stringMatching(/too common/) });
    for (let i = 0; i < 10; i++) await completeSetup(services, post("10.9.1.2"), input(services, { code: "000000000000" }));
    const locked = await completeSetup(services, post("10.9.1.2"), input(services));
    expect(locked).toMatchObject({ kind: "refused", message: expect.stringMatching(/Too many wrong setup codes/) });
    // The lock-out is the address's alone.
    expect(await isSetupOpen(services.db)).toBe(true);
    expect(await services.db.select().from(users)).toEqual([]);
  });

  it("creates a signed-in super_admin with the right code; afterwards setup is closed for good", async () => {
    const done = await completeSetup(services, post("10.9.2.1"), input(services));
    expect(done.kind).toBe("signed-in");
    const cookie = cookieHeader((done as { headers: Headers }).headers);
    const staff = await getStaff(services, requestFrom("/admin/dashboard", { cookie }));
    expect(staff).toMatchObject({ user: { email: "owner@glacial.in" }, roles: ["super_admin"] });
    const [stored] = await services.db.select({ password: accounts.password }).from(accounts);
    expect(stored!.password).not.toContain("a long owner passphrase");
    expect((await listAudit(services.db, { module: "user_management" }))[0]).toMatchObject({ action: "first_run_setup", actorEmail: "owner@glacial.in" });

    expect(await isSetupOpen(services.db)).toBe(false);
    expect(await completeSetup(services, post("10.9.2.2"), input(services, { email: "intruder@glacial.in" }))).toEqual({ kind: "closed" });
    expect(await services.db.select({ id: users.id }).from(users).where(eq(users.email, "intruder@glacial.in"))).toEqual([]);
    const lines: string[] = [];
    expect(await announceFirstRun({ ...services, log: createLogger("info", { write: (l: string) => void lines.push(l) }) })).toBe(false);
    expect(lines).toEqual([]);
  });
});

describe.each(DRIVERS)("first-run setup races and earlier accounts on %s", (kind) => {
  let services: AppServices;
  beforeAll(async () => {
    services = await openTestServices(kind);
  });
  afterAll(() => services?.close());

  it("turns a shopper account with the owner's address into the owner's, with the new password", async () => {
    const registered = await registerShopper(services, { name: "Owner", email: "owner@glacial.in", password: "the shopper's passphrase" }, requestFrom("/register", { method: "POST", ip: "10.9.3.1" }).headers);
    expect(registered).toEqual({ ok: true });
    const [shopper] = await services.db.select({ id: users.id, isStaff: users.isStaff }).from(users).where(eq(users.email, "owner@glacial.in"));
    expect(shopper!.isStaff).toBe(false);
    // Two owners submitting at once (two tabs, two processes): exactly one account results.
    const results = await Promise.all([
      completeSetup(services, post("10.9.3.2"), input(services)),
      completeSetup(services, post("10.9.3.3"), input(services, { email: "other@glacial.in" })),
    ]);
    expect(results.map((r) => r.kind).sort()).toEqual(["closed", "signed-in"]);
    const staff = await services.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.isStaff, true));
    expect(staff).toHaveLength(1);
    expect(await rolesOf(services.db, staff[0]!.id)).toEqual(["super_admin"]);
    if (staff[0]!.email === "owner@glacial.in") expect(staff[0]!.id).toBe(shopper!.id);
  });

  it("is closed once user:create has made any staff account", async () => {
    const fresh = await openTestServices(kind);
    try {
      await createStaff(fresh, "viewer@glacial.in", ["viewer"]);
      expect(await isSetupOpen(fresh.db)).toBe(false);
      expect(await completeSetup(fresh, post(), input(fresh))).toEqual({ kind: "closed" });
    } finally {
      await fresh.close();
    }
  });
});

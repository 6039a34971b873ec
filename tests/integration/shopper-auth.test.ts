import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "~/modules/staff/auth.server";
import { userRoles, users } from "~/modules/staff/schema";
import { checkSignInAllowed, EMAIL_FAILURE_LIMIT } from "~/modules/staff/login-throttle.server";
import { INVALID_CREDENTIALS, currentShopperEmail, registerShopper, signInShopper } from "~/modules/staff/shopper-auth.server";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

describe.each(DRIVERS)("shopper sign-up and sign-in on %s", (kind) => {
  let database: TestDatabase;
  let auth: Auth;
  const headers = () => new Headers({ "user-agent": "vitest" });
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    auth = createAuth(database.db, { secret: "x".repeat(40), baseURL: "http://localhost:3000" });
  });
  afterAll(() => database?.close());

  it("registers a shopper (no role) and returns a session cookie", async () => {
    const r = await registerShopper(auth, { name: "Asha", email: " Asha@Example.in ", password: "a long passphrase" }, headers());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const cookie = r.setCookies.find((c) => c.includes("session_token"));
    expect(cookie).toBeDefined();
    const [user] = await database.db.select().from(users).where(eq(users.email, "asha@example.in"));
    expect(user?.name).toBe("Asha");
    expect(await database.db.select().from(userRoles).where(eq(userRoles.userId, user!.id))).toEqual([]);
    const session = new Headers({ cookie: cookie!.split(";")[0]! });
    expect(await currentShopperEmail(auth, session)).toBe("asha@example.in");
  });

  it("applies the password policy and refuses a second account for one email", async () => {
    const short = await registerShopper(auth, { email: "ravi@example.in", password: "short" }, headers());
    expect(short).toMatchObject({ ok: false, field: "password", error: "Password must be at least 10 characters." });
    const badEmail = await registerShopper(auth, { email: "not-an-email", password: "a long passphrase" }, headers());
    expect(badEmail).toMatchObject({ ok: false, field: "email" });
    const again = await registerShopper(auth, { email: "asha@example.in", password: "another long one" }, headers());
    expect(again).toMatchObject({ ok: false, field: "email" });
  });

  it("signs in with the right password and gives one error for a wrong password or unknown email", async () => {
    const ok = await signInShopper({ auth, db: database.db }, { email: "asha@example.in", password: "a long passphrase" }, headers());
    expect(ok.ok && ok.setCookies.some((c) => c.includes("session_token"))).toBe(true);
    const wrong = await signInShopper({ auth, db: database.db }, { email: "asha@example.in", password: "wrong password!" }, headers());
    const unknown = await signInShopper({ auth, db: database.db }, { email: "nobody@example.in", password: "a long passphrase" }, headers());
    const garbage = await signInShopper({ auth, db: database.db }, { email: ["x"], password: 5 }, headers());
    expect(wrong).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    expect(unknown).toEqual(wrong);
    expect(garbage).toEqual(wrong);
  });

  it("locks an email out after 5 failed sign-ins, even for the right password, on the staff sign-in's counters", async () => {
    const services = { auth, db: database.db };
    const from = () => new Headers({ "user-agent": "vitest", "x-forwarded-for": "203.0.113.7" });
    expect((await registerShopper(auth, { email: "meera@example.in", password: "a long passphrase" }, from())).ok).toBe(true);
    const outcomes = [];
    for (let i = 0; i < EMAIL_FAILURE_LIMIT; i++) outcomes.push(await signInShopper(services, { email: "Meera@example.in", password: `wrong guess ${i}` }, from()));
    for (const o of outcomes.slice(0, -1)) expect(o).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    expect(outcomes.at(-1)).toEqual({ ok: false, status: 429, error: "Too many failed sign-in attempts. Try again in 15 minutes." });
    const right = await signInShopper(services, { email: "meera@example.in", password: "a long passphrase" }, from());
    expect(right).toMatchObject({ ok: false, status: 429 });
    // One account, one counter: the staff sign-in refuses this email too.
    expect(await checkSignInAllowed(database.db, { email: "meera@example.in", ip: "198.51.100.1" })).toMatchObject({ allowed: false });
    // Another shopper is not affected by this email's failures.
    const other = await signInShopper(services, { email: "asha@example.in", password: "a long passphrase" }, from());
    expect(other.ok).toBe(true);
  });
});

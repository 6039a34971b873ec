import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOutbox } from "~/modules/mail/mail.server";
import { userRoles, users } from "~/modules/staff/schema";
import { checkSignInAllowed, EMAIL_FAILURE_LIMIT } from "~/modules/staff/login-throttle.server";
import {
  INVALID_CREDENTIALS,
  UNCONFIRMED_EMAIL,
  currentShopper,
  registerShopper,
  signInShopper,
  verifyShopperEmail,
} from "~/modules/staff/shopper-auth.server";
import type { AppServices } from "~/services.server";
import { createStaff, openTestServices, TEST_PUBLIC_URL } from "../support/test-services";
import { action as loginAction } from "~/routes/login";
import { DRIVERS } from "../support/test-database";

describe.each(DRIVERS)("shopper sign-up and sign-in on %s", (kind) => {
  let services: AppServices;
  let ipCounter = 0;
  const headers = (ip = `203.0.113.${++ipCounter % 250}`) => new Headers({ "user-agent": "vitest", "x-forwarded-for": ip });
  const mailsTo = async (email: string) => (await listOutbox(services.db)).filter((m) => m.to === email);
  /** The confirmation link's token from the newest "Confirm your email" mail to `email`. */
  const confirmationToken = async (email: string) => {
    await expect.poll(async () => (await mailsTo(email)).filter((m) => m.subject === "Confirm your email for GLACIAL").length).toBeGreaterThan(0);
    const mail = (await mailsTo(email)).find((m) => m.subject === "Confirm your email for GLACIAL")!;
    const link = new URL(/https?:\/\/\S+/.exec(mail.text!)![0]);
    expect(link.pathname).toBe("/verify-email");
    return link.searchParams.get("token")!;
  };
  /** Registers and confirms a shopper; returns the session cookie the confirmation link sets. */
  const registered = async (email: string, password: string, name = "") => {
    expect(await registerShopper(services, { name, email, password }, headers())).toEqual({ ok: true });
    const verified = await verifyShopperEmail(services.auth, await confirmationToken(email.trim().toLowerCase()));
    return verified!.setCookies.find((c) => c.includes("session_token"))!;
  };

  beforeAll(async () => {
    services = await openTestServices(kind);
  });
  afterAll(() => services?.close());

  it("registers a shopper (no role) who confirms the address by mail; the link signs in", async () => {
    expect(await registerShopper(services, { name: "Asha", email: " Asha@Example.in ", password: "a long passphrase" }, headers())).toEqual({ ok: true });
    // Not signed in, and sign-in waits, until the address is confirmed.
    expect(await signInShopper(services, { email: "asha@example.in", password: "a long passphrase" }, headers())).toEqual({ ok: false, refusal: "invalid", error: UNCONFIRMED_EMAIL });
    const token = await confirmationToken("asha@example.in");
    expect(await verifyShopperEmail(services.auth, "not-a-token")).toBeNull();
    const verified = await verifyShopperEmail(services.auth, token);
    const cookie = verified!.setCookies.find((c) => c.includes("session_token"));
    expect(cookie).toBeDefined();
    const [user] = await services.db.select().from(users).where(eq(users.email, "asha@example.in"));
    expect(user).toMatchObject({ name: "Asha", emailVerified: true, isStaff: false });
    expect(await services.db.select().from(userRoles).where(eq(userRoles.userId, user!.id))).toEqual([]);
    expect(await currentShopper(services.auth, new Headers({ cookie: cookie!.split(";")[0]! }))).toMatchObject({ email: "asha@example.in", emailVerified: true });
  });

  it("answers the same for an address that already has an account (a shopper's or staff's), and mails its owner instead", async () => {
    const staff = await createStaff(services, "owner@glacial.in", ["super_admin"]);
    for (const email of ["asha@example.in", staff.email]) {
      const before = (await mailsTo(email)).length;
      expect(await registerShopper(services, { email, password: "an attacker's passphrase" }, headers())).toEqual({ ok: true });
      await expect.poll(async () => (await mailsTo(email)).length).toBe(before + 1);
      expect((await mailsTo(email))[0]!.subject).toBe("You already have a GLACIAL account");
    }
    // The existing account is untouched: its password still works.
    expect((await signInShopper(services, { email: "asha@example.in", password: "a long passphrase" }, headers())).ok).toBe(true);
  });

  it("applies the password policy and says which field is wrong", async () => {
    expect(await registerShopper(services, { email: "ravi@example.in", password: "short" }, headers())).toMatchObject({
      ok: false,
      field: "password",
      error: "Password must be at least 10 characters.",
    });
    expect(await registerShopper(services, { email: "not-an-email", password: "a long passphrase" }, headers())).toMatchObject({ ok: false, field: "email" });
  });

  it("signs in with the right password and gives one error for a wrong password or unknown email", async () => {
    const ok = await signInShopper(services, { email: "asha@example.in", password: "a long passphrase" }, headers());
    expect(ok.ok && ok.setCookies.some((c) => c.includes("session_token"))).toBe(true);
    const wrong = await signInShopper(services, { email: "asha@example.in", password: "wrong password!" }, headers());
    const unknown = await signInShopper(services, { email: "nobody@example.in", password: "a long passphrase" }, headers());
    const garbage = await signInShopper(services, { email: ["x"], password: 5 }, headers());
    expect(wrong).toEqual({ ok: false, refusal: "invalid", error: INVALID_CREDENTIALS });
    expect(unknown).toEqual(wrong);
    expect(garbage).toEqual(wrong);
  });

  it("locks an email out after 5 failed sign-ins, even for the right password, on the staff sign-in's counters", async () => {
    await registered("meera@example.in", "a long passphrase");
    const from = () => headers("203.0.113.250");
    const outcomes = [];
    for (let i = 0; i < EMAIL_FAILURE_LIMIT; i++) outcomes.push(await signInShopper(services, { email: "Meera@example.in", password: `wrong guess ${i}` }, from()));
    for (const o of outcomes.slice(0, -1)) expect(o).toEqual({ ok: false, refusal: "invalid", error: INVALID_CREDENTIALS });
    expect(outcomes.at(-1)).toMatchObject({ ok: false, refusal: "rate-limited", error: "Too many failed sign-in attempts. Try again in 15 minutes.", retryAfterSeconds: expect.any(Number) });
    const right = await signInShopper(services, { email: "meera@example.in", password: "a long passphrase" }, from());
    expect(right).toMatchObject({ ok: false, refusal: "rate-limited" });
    // Through the sign-in page: a lockout answers 429 with Retry-After, a wrong password 400, as before.
    const signIn = async (email: string, password: string) => {
      const request = new Request(`${TEST_PUBLIC_URL}/login`, {
        method: "POST",
        headers: { Origin: TEST_PUBLIC_URL, "x-forwarded-for": "203.0.113.250", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password }).toString(),
      });
      const answer = (await loginAction({ request, context: { services }, params: {} } as never)) as unknown as { data: { error: string }; init: { status: number; headers?: HeadersInit } };
      return { status: answer.init.status, error: answer.data.error, retryAfter: new Headers(answer.init.headers).get("Retry-After") };
    };
    const locked = await signIn("meera@example.in", "a long passphrase");
    expect(locked).toMatchObject({ status: 429, error: "Too many failed sign-in attempts. Try again in 15 minutes." });
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    expect(await signIn("nobody@example.in", "wrong password!")).toEqual({ status: 400, error: INVALID_CREDENTIALS, retryAfter: null });
    // One account, one counter: the staff sign-in refuses this email too.
    expect(await checkSignInAllowed(services.db, { email: "meera@example.in", ip: "198.51.100.1" })).toMatchObject({ allowed: false });
    // Another shopper is not affected by this email's failures.
    expect((await signInShopper(services, { email: "asha@example.in", password: "a long passphrase" }, from())).ok).toBe(true);
  });

  it("sends at most three registration mails an hour to one inbox, still answering the same way", async () => {
    for (let i = 0; i < 6; i++) expect(await registerShopper(services, { email: "sita@example.in", password: "yet another passphrase" }, headers())).toEqual({ ok: true });
    // The first creates the account (one confirmation mail), the next two are told it exists, the rest get nothing.
    await expect.poll(async () => (await mailsTo("sita@example.in")).map((m) => m.subject).sort()).toEqual([
      "Confirm your email for GLACIAL",
      "You already have a GLACIAL account",
      "You already have a GLACIAL account",
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo("sita@example.in")).toHaveLength(3);
  });
});

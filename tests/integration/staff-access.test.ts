import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcomeOf } from "~/lib/save-outcome";
import { listAudit } from "~/modules/audit/audit.server";
import { auditLog } from "~/modules/audit/schema";
import { listOutbox } from "~/modules/mail/mail.server";
import { setSetting } from "~/modules/settings/settings.server";
import { getStaff } from "~/modules/staff/guard.server";
import { loginAttempts, sessions, users, verifications } from "~/modules/staff/schema";
import { confirmEnrolment, startEnrolment } from "~/modules/staff/mfa.server";
import { passwordProblem } from "~/modules/staff/password-policy";
import { changeRoles, inviteStaff, listStaff, sendPasswordReset, setDeactivated } from "~/modules/staff/staff-admin.server";
import { staffUserInput } from "~/modules/staff/staff-users.server";
import { requestPasswordReset, resetPasswordAndSignIn, signInStaff, verifySecondFactor } from "~/modules/staff/sign-in.server";
import { action as adminLoginAction } from "~/routes/admin/login";
import { action as userManagementAction } from "~/routes/admin/user-management";
import type { AppServices } from "~/services.server";
import { answerOf, postForm } from "../support/route-calls";
import { cookieHeader, createStaff, openTestServices, requestFrom, TEST_PUBLIC_URL } from "../support/test-services";
import { DRIVERS } from "../support/test-database";

const post = (ip = "10.0.0.1", cookie?: string) => requestFrom("/admin/login", { method: "POST", ip, cookie });

async function signedIn(services: AppServices, email: string, password: string, ip?: string): Promise<string> {
  const result = await signInStaff(services, post(ip), { email, password });
  if (result.kind !== "signed-in") throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
  return cookieHeader(result.headers);
}

function linkIn(text: string | null): string {
  const match = text?.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in ${text}`);
  return match[0];
}

describe("the password policy", () => {
  it("refuses short and common passwords, in every path that sets one", () => {
    expect(passwordProblem("short")).toMatch(/at least 10 characters/);
    expect(passwordProblem("password123")).toMatch(/too common/);
    expect(passwordProblem("QWERTYUIOP")).toMatch(/too common/);
    expect(passwordProblem("a long unusual passphrase")).toBeNull();
    expect(staffUserInput.safeParse({ email: "a@b.in", password: "1234567890", roles: ["admin"] }).success).toBe(false);
  });
});

describe.each(DRIVERS)("staff access on %s", (kind) => {
  let services: AppServices;
  let boss: { id: string; email: string; password: string };

  beforeAll(async () => {
    services = await openTestServices(kind);
    boss = await createStaff(services, "boss@glacial.in", ["super_admin"]);
  });
  afterAll(() => services?.close());

  describe("sign-in", () => {
    it("answers an unknown email and a wrong password the same way", async () => {
      const unknown = await signInStaff(services, post("10.1.0.1"), { email: "nobody@glacial.in", password: "whatever-it-is" });
      const wrong = await signInStaff(services, post("10.1.0.2"), { email: boss.email, password: "not the password" });
      expect(unknown).toEqual({ kind: "refused", refusal: "unauthenticated", message: "Invalid email or password." });
      expect(wrong).toEqual(unknown);
    });

    it("locks an email after 5 failures in 15 minutes, even for the right password, and keeps it in the database", async () => {
      const user = await createStaff(services, "locked@glacial.in", ["viewer"]);
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await signInStaff(services, post(`10.2.0.${i}`), { email: user.email, password: `wrong password ${i}` }));
      expect(results.slice(0, 4).every((r) => r.kind === "refused" && r.refusal === "unauthenticated")).toBe(true);
      expect(results[4]).toMatchObject({ kind: "refused", refusal: "rate-limited", message: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in 15 minutes\.$/) });
      const right = await signInStaff(services, post("10.2.1.1"), user);
      expect(right).toMatchObject({ kind: "refused", refusal: "rate-limited" });
      // Through the sign-in page, statuses from the one refusal table: locked 429 with Retry-After; a wrong password elsewhere 401.
      const signIn = async (ip: string, email: string, password: string) => {
        const request = new Request(`${TEST_PUBLIC_URL}/admin/login`, {
          method: "POST",
          headers: { "x-forwarded-for": ip, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "password", email, password }).toString(),
        });
        const answer = (await adminLoginAction({ request, context: { services }, params: {} } as never)) as unknown as { data: { error?: string }; init: { status: number; headers?: HeadersInit } };
        return { status: answer.init.status, error: answer.data.error, retryAfter: new Headers(answer.init.headers).get("Retry-After") };
      };
      const locked = await signIn("10.2.1.2", user.email, user.password);
      expect(locked).toMatchObject({ status: 429, error: expect.stringMatching(/^Too many failed sign-in attempts/) });
      expect(Number(locked.retryAfter)).toBeGreaterThan(0);
      expect(await signIn("10.2.1.3", "nobody-else@glacial.in", "not the password")).toEqual({ status: 401, error: "Invalid email or password.", retryAfter: null });
      const rows = await services.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
      expect(rows.filter((r) => !r.succeeded)).toHaveLength(5);
      // The window passes: failures older than 15 minutes no longer count.
      await services.db.update(loginAttempts).set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) }).where(eq(loginAttempts.email, user.email));
      expect((await signInStaff(services, post("10.2.1.1"), user)).kind).toBe("signed-in");
    });

    it("locks an IP after 20 failures while other IPs still sign in", async () => {
      const ip = "10.3.0.1";
      for (let i = 0; i < 20; i++) await signInStaff(services, post(ip), { email: `guess${i}@glacial.in`, password: "wrong password" });
      expect(await signInStaff(services, post(ip), boss)).toMatchObject({ kind: "refused", refusal: "rate-limited" });
      expect((await signInStaff(services, post("10.3.0.2"), boss)).kind).toBe("signed-in");
    });

    it("never throttles successful sign-ins from one shared office IP (30 in a row)", async () => {
      const ip = "10.4.0.1";
      const user = await createStaff(services, "office@glacial.in", ["viewer"]);
      for (let i = 0; i < 30; i++) expect((await signInStaff(services, post(ip), user)).kind).toBe("signed-in");
    });

    it("writes each sign-in to the audit log", async () => {
      const audit = await listAudit(services.db, { actorId: boss.id, module: "account" });
      expect(audit.some((e) => e.action === "sign_in")).toBe(true);
    });
  });

  describe("forgot and reset password", () => {
    it("mails a link to /admin/reset-password that sets a new password and signs in; unknown emails get no mail", async () => {
      const user = await createStaff(services, "forgetful@glacial.in", ["support"]);
      const before = (await listOutbox(services.db)).length;
      await requestPasswordReset(services, "nobody-here@glacial.in");
      expect((await listOutbox(services.db)).length).toBe(before);
      await requestPasswordReset(services, user.email);
      // The mail is sent without making the answer wait for it.
      await expect.poll(async () => (await listOutbox(services.db)).filter((m) => m.to === user.email).length).toBe(1);
      const [mail] = (await listOutbox(services.db)).filter((m) => m.to === user.email);
      expect(mail!.subject).toBe("Reset your GLACIAL admin password");
      const link = new URL(linkIn(mail!.text));
      expect(link.pathname).toBe("/admin/reset-password");
      const token = link.searchParams.get("token")!;
      // Tokens are stored hashed.
      const stored = await services.db.select({ identifier: verifications.identifier }).from(verifications);
      expect(stored.some((v) => v.identifier.includes(token))).toBe(false);

      expect(await resetPasswordAndSignIn(services, post(), { token, password: "qwertyuiop" })).toEqual({ kind: "weak-password", message: expect.stringMatching(/too common/) });
      const done = await resetPasswordAndSignIn(services, post(), { token, password: "a brand new passphrase" });
      expect(done.kind).toBe("signed-in");
      expect(await resetPasswordAndSignIn(services, post(), { token, password: "another new passphrase" })).toEqual({ kind: "invalid-token" });
      expect((await signInStaff(services, post(), { email: user.email, password: user.password })).kind).toBe("refused");
      expect((await signInStaff(services, post(), { email: user.email, password: "a brand new passphrase" })).kind).toBe("signed-in");
    });
  });

  describe("reset links and password guesses (hardening)", () => {
    const resetLinks = async (email: string) =>
      (await listOutbox(services.db)).filter((m) => m.to === email && m.subject === "Reset your GLACIAL admin password").map((m) => new URL(linkIn(m.text)).searchParams.get("token")!);

    /** Asks for a reset link and returns the one new link that arrives. */
    const newLink = async (email: string, ip: string) => {
      const before = await resetLinks(email);
      await requestPasswordReset(services, email, ip);
      await expect.poll(() => resetLinks(email).then((l) => l.length)).toBe(before.length + 1);
      return (await resetLinks(email)).find((t) => !before.includes(t))!;
    };

    it("keeps only the newest reset link valid, and none once the password has changed", async () => {
      const user = await createStaff(services, "two-links@glacial.in", ["admin"]);
      const older = await newLink(user.email, "10.7.0.1");
      const newer = await newLink(user.email, "10.7.0.1");
      // The older link is dead as soon as a newer one is sent: no takeover with a leaked old mail.
      expect(await resetPasswordAndSignIn(services, post("10.7.0.2"), { token: older!, password: "an attacker's passphrase" })).toEqual({ kind: "invalid-token" });
      expect((await resetPasswordAndSignIn(services, post("10.7.0.2"), { token: newer!, password: "the owner's new passphrase" })).kind).toBe("signed-in");
      expect(await resetPasswordAndSignIn(services, post("10.7.0.2"), { token: older!, password: "an attacker's passphrase" })).toEqual({ kind: "invalid-token" });

      // A link sent, then the password set another way (the CLI): the link no longer works.
      const third = await newLink(user.email, "10.7.0.3");
      await createStaff(services, user.email, ["admin"], "set by the owner on the server");
      expect(await resetPasswordAndSignIn(services, post("10.7.0.4"), { token: third, password: "an attacker's passphrase" })).toEqual({ kind: "invalid-token" });
    });

    it("sends at most three reset mails an hour per account, and at most twenty per address, answering the same way", async () => {
      const user = await createStaff(services, "flooded@glacial.in", ["viewer"]);
      for (let i = 0; i < 10; i++) await requestPasswordReset(services, user.email, `10.8.0.${i}`);
      await expect.poll(() => resetLinks(user.email).then((l) => l.length)).toBe(3);
      // One address asking for many accounts.
      const many = await Promise.all(Array.from({ length: 22 }, (_, i) => createStaff(services, `many-${i}@glacial.in`, ["viewer"])));
      for (const u of many) await requestPasswordReset(services, u.email, "10.8.1.1");
      const sent = await Promise.all(many.map((u) => resetLinks(u.email).then((l) => l.length)));
      expect(sent.reduce((a, b) => a + b, 0)).toBe(20);
    });

    it("limits wrong passwords on the account page: after five, a pause with its length", async () => {
      const user = await createStaff(services, "guessed@glacial.in", ["admin"]);
      const cookie = await signedIn(services, user.email, user.password, "10.9.0.1");
      const request = requestFrom("/admin/account", { cookie, method: "POST" });
      const staff = (await getStaff(services, request))!;
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await startEnrolment(services, request, staff, `guess number ${i}`));
      expect(answers.slice(0, 4).every((a) => !a.ok && a.error === "That password is not right.")).toBe(true);
      expect(answers[4]).toMatchObject({ ok: false, error: expect.stringMatching(/^Too many wrong passwords/), retryAfterSeconds: expect.any(Number) });
      // Even the right password waits now.
      expect(await startEnrolment(services, request, staff, user.password)).toMatchObject({ ok: false, retryAfterSeconds: expect.any(Number) });
    });

    it("never treats a shopper as staff; a staff member without roles is still staff", async () => {
      const ctx = await services.auth.$context;
      const shopper = await ctx.internalAdapter.createUser({ email: "shopper-in-admin@example.in", name: "Shopper", emailVerified: true }, { method: "admin" });
      await ctx.internalAdapter.linkAccount({ userId: shopper.id, providerId: "credential", accountId: shopper.id, password: await ctx.password.hash("a shopper passphrase") });
      const shopperCookie = await signedIn(services, shopper.email, "a shopper passphrase", "10.9.1.1");
      expect(await getStaff(services, requestFrom("/admin/dashboard", { cookie: shopperCookie }))).toBeNull();
      const roleless = await createStaff(services, "no-roles@glacial.in", ["viewer"]);
      await changeRoles(services, { id: boss.id, email: boss.email }, roleless.id, []);
      const staff = await getStaff(services, requestFrom("/admin/dashboard", { cookie: await signedIn(services, roleless.email, roleless.password, "10.9.1.2") }));
      expect(staff?.roles).toEqual([]);
    });
  });

  describe("user management", () => {
    it("invites by email with a link valid for 72 hours; the invitee sets a password and is signed in with the roles given", async () => {
      const actor = { id: boss.id, email: boss.email };
      expect(await outcomeOf(() => inviteStaff(services, actor, { email: "New.Hire@Glacial.in", roles: ["support"] }))).toEqual({ ok: true, message: "Invitation sent to new.hire@glacial.in." });
      expect(await outcomeOf(() => inviteStaff(services, actor, { email: "new.hire@glacial.in", roles: ["viewer"] }))).toMatchObject({ ok: false, status: 409 });
      const row = (await listStaff(services)).find((s) => s.email === "new.hire@glacial.in")!;
      expect(row).toMatchObject({ roles: ["support"], status: "invited", mfaEnabled: false, lastSignInAt: null });
      const [mail] = (await listOutbox(services.db)).filter((m) => m.to === "new.hire@glacial.in");
      const link = new URL(linkIn(mail!.text));
      expect(link.searchParams.get("invite")).toBe("1");
      const [v] = await services.db.select({ expiresAt: verifications.expiresAt }).from(verifications).where(eq(verifications.value, row.id));
      const hours = (v!.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(71.9);
      expect(hours).toBeLessThanOrEqual(72);
      const result = await resetPasswordAndSignIn(services, post(), { token: link.searchParams.get("token")!, password: "my first passphrase" });
      expect(result.kind).toBe("signed-in");
      const staff = await getStaff(services, requestFrom("/admin", { cookie: cookieHeader((result as { headers: Headers }).headers) }));
      expect(staff?.roles).toEqual(["support"]);
      expect((await listStaff(services)).find((s) => s.email === "new.hire@glacial.in")!.status).toBe("active");
    });

    it("changes roles, never one's own, and the last super_admin keeps that role and stays active", async () => {
      const actor = { id: boss.id, email: boss.email };
      const other = await createStaff(services, "roles@glacial.in", ["viewer"]);
      expect(await outcomeOf(() => changeRoles(services, actor, other.id, ["admin", "support"]))).toMatchObject({ ok: true });
      expect((await listStaff(services)).find((s) => s.id === other.id)!.roles).toEqual(["admin", "support"]);
      expect(await outcomeOf(() => changeRoles(services, actor, boss.id, ["admin"]))).toEqual({ ok: false, status: 400, error: "You cannot change your own roles." });

      const second = await createStaff(services, "second@glacial.in", ["super_admin"]);
      const asSecond = { id: second.id, email: second.email };
      expect(await outcomeOf(() => changeRoles(services, asSecond, boss.id, ["admin"]))).toMatchObject({ ok: true });
      // second is now the only super_admin: nobody may take the role away or deactivate them.
      expect(await outcomeOf(() => changeRoles(services, actor, second.id, ["admin"]))).toEqual({ ok: false, status: 409, error: "The last super admin cannot lose that role." });
      expect(await outcomeOf(() => setDeactivated(services, actor, second.id, true))).toEqual({ ok: false, status: 409, error: "The last super admin cannot be deactivated." });
      expect(await outcomeOf(() => changeRoles(services, asSecond, boss.id, ["super_admin"]))).toMatchObject({ ok: true });
      // With two of them again, one may go.
      expect(await outcomeOf(() => setDeactivated(services, actor, second.id, true))).toMatchObject({ ok: true });
      // A deactivated super_admin does not count: boss is the last active one now.
      expect(await outcomeOf(() => changeRoles(services, asSecond, boss.id, ["admin"]))).toMatchObject({ ok: false, status: 409 });
      const entries = await listAudit(services.db, { module: "user_management" });
      const change = entries.find((e) => e.action === "change_roles" && e.targetId === other.id)!;
      expect(change.changes).toEqual({ before: { roles: ["viewer"] }, after: { roles: ["admin", "support"] } });
      expect(change.actorEmail).toBe(boss.email);
    });

    it("deactivation ends the user's sessions at once and refuses sign-in with the usual answer; reactivation lets them back", async () => {
      const actor = { id: boss.id, email: boss.email };
      const user = await createStaff(services, "leaver@glacial.in", ["admin"]);
      const cookie = await signedIn(services, user.email, user.password, "10.5.0.1");
      expect(await getStaff(services, requestFrom("/admin", { cookie }))).not.toBeNull();
      expect(await outcomeOf(() => setDeactivated(services, actor, user.id, false))).toEqual({ ok: true, message: "Nothing changed." });
      expect(await outcomeOf(() => setDeactivated(services, actor, boss.id, true))).toMatchObject({ ok: false, status: 400 });
      expect(await outcomeOf(() => setDeactivated(services, actor, user.id, true))).toEqual({ ok: true, message: "leaver@glacial.in deactivated." });
      expect(await getStaff(services, requestFrom("/admin", { cookie }))).toBeNull();
      expect(await services.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      expect(await signInStaff(services, post("10.5.0.2"), user)).toEqual({ kind: "refused", refusal: "unauthenticated", message: "Invalid email or password." });
      expect((await listStaff(services)).find((s) => s.id === user.id)!.status).toBe("deactivated");
      expect(await outcomeOf(() => setDeactivated(services, actor, user.id, false))).toMatchObject({ ok: true });
      expect((await signInStaff(services, post("10.5.0.3"), user)).kind).toBe("signed-in");
    });

    it("the screen posts each operation to ?do=<operation>: permission before the body, then the input, then the change", async () => {
      const bossCookie = await signedIn(services, boss.email, boss.password, "10.6.0.1");
      const viewer = await createStaff(services, "um-viewer@glacial.in", ["admin"]);
      const viewerCookie = await signedIn(services, viewer.email, viewer.password, "10.6.0.2");
      const call = async (op: string | null, fields: Record<string, string>, cookie?: string) => {
        const sent = postForm(services, userManagementAction, `/admin/user-management${op ? `?do=${op}` : ""}`, fields, { cookie });
        return { ...(await answerOf(sent.run)), read: sent.read() };
      };
      const fields = { email: "via.screen@glacial.in", roles: "support" };
      // Refused before the body is read: no session, no right to invite, no operation named.
      expect(await call("invite", fields)).toMatchObject({ status: 401, read: false });
      expect(await call("invite", fields, viewerCookie)).toMatchObject({ status: 403, read: false });
      expect(await call(null, fields, bossCookie)).toMatchObject({ status: 400, read: false });
      expect(await call("intent", fields, bossCookie)).toMatchObject({ status: 400, read: false });
      expect((await listStaff(services)).some((s) => s.email === "via.screen@glacial.in")).toBe(false);

      expect(await call("invite", fields, bossCookie)).toMatchObject({ status: 200, body: { ok: true, message: "Invitation sent to via.screen@glacial.in." } });
      expect(await call("invite", fields, bossCookie)).toMatchObject({ status: 409, body: { ok: false, error: "A staff member with that email already exists." } });
      expect(await call("invite", { email: "not an email", roles: "support" }, bossCookie)).toMatchObject({ status: 400, body: { ok: false, error: "Enter a valid email address." } });
      expect(await call("roles", { userId: "1 or 1=1", roles: "admin" }, bossCookie)).toMatchObject({ status: 400 });
      expect(await call("roles", { userId: viewer.id, roles: "viewer" }, bossCookie)).toMatchObject({ status: 200, body: { ok: true, message: "Roles of um-viewer@glacial.in saved." } });
      expect(await call("deactivate", { userId: boss.id }, bossCookie)).toMatchObject({ status: 400, body: { ok: false, error: "You cannot deactivate your own account." } });
      expect(await call("reset", { userId: "00000000-0000-4000-8000-000000000000" }, bossCookie)).toMatchObject({ status: 404, body: { ok: false, error: "No staff member with that id." } });
    });

    it("sends a password reset on request, and no audit row holds a password or token", async () => {
      const actor = { id: boss.id, email: boss.email };
      const user = await createStaff(services, "reset-me@glacial.in", ["viewer"]);
      expect(await outcomeOf(() => sendPasswordReset(services, actor, user.id))).toEqual({ ok: true, message: "Password reset link sent to reset-me@glacial.in." });
      expect((await listOutbox(services.db)).some((m) => m.to === user.email && m.subject === "Reset your GLACIAL admin password")).toBe(true);
      const all = JSON.stringify(await services.db.select().from(auditLog));
      expect(all).not.toMatch(/password"\s*:|token|a long test passphrase|secret/i);
    });
  });

  describe("two-factor authentication (TOTP)", () => {
    it("enrols with a QR code and recovery codes; sign-in then asks for a code; a recovery code works once", async () => {
      const user = await createStaff(services, "careful@glacial.in", ["admin"]);
      const cookie = await signedIn(services, user.email, user.password, "10.6.0.1");
      const request = requestFrom("/admin/account", { cookie, method: "POST" });
      const staff = (await getStaff(services, request))!;
      expect(await startEnrolment(services, request, staff, "not my password")).toEqual({ ok: false, error: "That password is not right." });
      const started = await startEnrolment(services, request, staff, user.password);
      if (!started.ok || started.step !== "enrol") throw new Error("enrolment did not start");
      expect(started.qr).toMatch(/^data:image\/png;base64,/);
      expect(started.recoveryCodes.length).toBeGreaterThanOrEqual(8);
      const otp = createOTP(base32.decode(started.secret));
      expect(await confirmEnrolment(services, request, staff, "000000")).toMatchObject({ ok: false });
      const done = await confirmEnrolment(services, request, staff, await otp.totp());
      expect(done).toMatchObject({ ok: true, step: "done" });
      expect((await services.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id)))[0]!.on).toBe(true);

      const first = await signInStaff(services, post("10.6.0.2"), user);
      expect(first.kind).toBe("two-factor");
      const pending = cookieHeader((first as { headers: Headers }).headers);
      expect(await getStaff(services, requestFrom("/admin", { cookie: pending }))).toBeNull();
      const wrong = await verifySecondFactor(services, post("10.6.0.2", pending), { email: user.email, code: "123456", recovery: false });
      expect(wrong).toMatchObject({ kind: "refused", refusal: "unauthenticated" });
      const ok = await verifySecondFactor(services, post("10.6.0.2", pending), { email: user.email, code: await otp.totp(), recovery: false });
      expect(ok.kind).toBe("signed-in");
      expect(await getStaff(services, requestFrom("/admin", { cookie: cookieHeader((ok as { headers: Headers }).headers) }))).toMatchObject({ mfaEnabled: true });

      const again = await signInStaff(services, post("10.6.0.3"), user);
      const pending2 = cookieHeader((again as { headers: Headers }).headers);
      const recovery = await verifySecondFactor(services, post("10.6.0.3", pending2), { email: user.email, code: started.recoveryCodes[0]!, recovery: true });
      expect(recovery.kind).toBe("signed-in");
      const third = await signInStaff(services, post("10.6.0.4"), user);
      const pending3 = cookieHeader((third as { headers: Headers }).headers);
      expect((await verifySecondFactor(services, post("10.6.0.4", pending3), { email: user.email, code: started.recoveryCodes[0]!, recovery: true })).kind).toBe("refused");
    });

    it("when the super_admin requires it, staff without a second factor are held at their account page", async () => {
      const user = await createStaff(services, "no-mfa@glacial.in", ["admin"]);
      const cookie = await signedIn(services, user.email, user.password, "10.7.0.1");
      await setSetting(services.db, "staff_security", { require_mfa: true });
      try {
        expect(await getStaff(services, requestFrom("/admin", { cookie }))).toMatchObject({ mfaSetupRequired: true });
      } finally {
        await setSetting(services.db, "staff_security", { require_mfa: false });
      }
    });
  });
});

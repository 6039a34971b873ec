import { isRouteErrorResponse } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_BODY_LIMIT } from "~/lib/path-kinds";
import { requireActionPermission, requirePagePermission } from "~/modules/staff/guard.server";
import { ACTIONS, MODULES, type Action } from "~/modules/staff/permissions";
import { ROLES, type Role } from "~/modules/staff/roles";
import { signInStaff } from "~/modules/staff/sign-in.server";
import { action as settingsAction } from "~/routes/admin/settings";
import type { AppServices } from "~/services.server";
import { answerOf } from "../support/route-calls";
import { cookieHeader, createStaff, openTestServices, requestFrom } from "../support/test-services";
import { SPEC_PERMISSIONS } from "../support/spec-permissions";
import { DRIVERS } from "../support/test-database";

const SPEC = SPEC_PERMISSIONS;
const LETTER: Record<Action, string> = { view: "v", create: "c", edit: "e", delete: "d" };

async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "allowed";
  } catch (thrown) {
    if (thrown instanceof Response) return `redirect ${thrown.headers.get("location")}`;
    if (isRouteErrorResponse(thrown)) return `status ${thrown.status}`;
    if (thrown && typeof thrown === "object" && "init" in thrown) return `status ${(thrown as { init: { status: number } }).init.status}`;
    throw thrown;
  }
}

describe.each(DRIVERS)("the permission matrix, asked of the server's guards on %s", (kind) => {
  let services: AppServices;
  const cookies = new Map<Role, string>();

  beforeAll(async () => {
    services = await openTestServices(kind);
    for (const role of ROLES) {
      const user = await createStaff(services, `${role}@glacial.in`, [role]);
      const result = await signInStaff(services, requestFrom("/admin/login", { method: "POST" }), user);
      if (result.kind !== "signed-in") throw new Error(`sign-in of ${role} failed`);
      cookies.set(role, cookieHeader(result.headers));
    }
  });
  afterAll(() => services?.close());

  it.each(ROLES)("%s: every module and action answers as the permission matrix says", async (role) => {
    const request = requestFrom("/admin/x", { cookie: cookies.get(role) });
    const mismatches: string[] = [];
    for (const module of MODULES) {
      for (const action of ACTIONS) {
        const expected = SPEC[role][module].includes(LETTER[action]);
        const got = await outcome(() => requireActionPermission(services, request, module, action));
        if (got !== (expected ? "allowed" : "status 403")) mismatches.push(`${module}.${action}: ${got}`);
        const page = await outcome(() => requirePagePermission(services, request, module, action));
        if (page !== (expected ? "allowed" : "redirect /admin/dashboard")) mismatches.push(`page ${module}.${action}: ${page}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("without a session: pages go to /admin/login, actions answer 401", async () => {
    const request = requestFrom("/admin/x");
    for (const module of MODULES) {
      expect(await outcome(() => requirePagePermission(services, request, module))).toBe("redirect /admin/login");
      expect(await outcome(() => requireActionPermission(services, request, module, "view"))).toBe("status 401");
    }
  });

  it("a settings change is refused from its URL before the body is read: 403 without the edit right, 401 signed out", async () => {
    // A form body larger than the admin limit, as a stream that records whether anyone pulled it.
    const filler = new TextEncoder().encode("a".repeat(64 * 1024));
    const largePost = (cookie?: string) => {
      let pulled = false;
      let sent = 0;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulled = true;
            if (sent === 0) controller.enqueue(new TextEncoder().encode("store_name="));
            controller.enqueue(filler);
            sent += filler.byteLength;
            if (sent > ADMIN_BODY_LIMIT) controller.close();
          },
        },
        // Nothing is pulled until someone reads (the default would pull one chunk at once).
        { highWaterMark: 0 },
      );
      const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
      if (cookie) headers.set("cookie", cookie);
      const request = new Request("http://localhost:3000/admin/settings?do=store", { method: "POST", headers, body, duplex: "half" } as RequestInit);
      return { run: () => settingsAction({ request, context: { services }, params: {} } as never), pulled: () => pulled };
    };

    const withoutEdit = ROLES.filter((role) => !SPEC[role].settings.includes("e"));
    expect(withoutEdit).toContain("admin");
    for (const role of withoutEdit) {
      const call = largePost(cookies.get(role));
      expect((await answerOf(call.run)).status, role).toBe(403);
      expect(call.pulled(), role).toBe(false);
    }
    const anonymous = largePost();
    expect((await answerOf(anonymous.run)).status).toBe(401);
    expect(anonymous.pulled()).toBe(false);
    // The probe sees a read: the super admin passes the check, and only then is the body read
    // (and refused as a form, field by field).
    const allowed = largePost(cookies.get("super_admin"));
    expect(await answerOf(allowed.run)).toMatchObject({ status: 400, body: { form: "store", error: "Please correct the fields marked below." } });
    expect(allowed.pulled()).toBe(true);
  });

  it("a user holding two roles gets the union", async () => {
    const both = await createStaff(services, "both@glacial.in", ["viewer", "support"]);
    const result = await signInStaff(services, requestFrom("/admin/login", { method: "POST" }), both);
    if (result.kind !== "signed-in") throw new Error("sign-in failed");
    const request = requestFrom("/admin/x", { cookie: cookieHeader(result.headers) });
    expect(await outcome(() => requireActionPermission(services, request, "support", "edit"))).toBe("allowed");
    expect(await outcome(() => requireActionPermission(services, request, "support", "delete"))).toBe("status 403");
    expect(await outcome(() => requireActionPermission(services, request, "customers", "view"))).toBe("allowed");
  });
});

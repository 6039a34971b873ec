import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInStaff } from "~/modules/staff/sign-in.server";
import { action as merchandisingAction } from "~/routes/admin/merchandising";
import type { AppServices } from "~/services.server";
import { answerOf, postForm } from "../support/route-calls";
import { DRIVERS } from "../support/test-database";
import { cookieHeader, createStaff, openTestServices, requestFrom } from "../support/test-services";

// The Merchandising screen's forms: the right to edit is checked before the body is read, and only
// the screen's own forms are actions.
describe.each(DRIVERS)("the merchandising route on %s", (kind) => {
  let services: AppServices;
  const cookies = new Map<string, string>();
  beforeAll(async () => {
    services = await openTestServices(kind);
    for (const [email, roles] of [
      ["merch-admin@glacial.in", ["admin"]],
      ["merch-viewer@glacial.in", ["viewer"]],
    ] as const) {
      const user = await createStaff(services, email, [...roles]);
      const result = await signInStaff(services, requestFrom("/admin/login", { method: "POST" }), user);
      if (result.kind !== "signed-in") throw new Error(`sign-in of ${email} failed`);
      cookies.set(email, cookieHeader(result.headers));
    }
  });
  afterAll(async () => {
    await services?.close();
  });
  const post = (fields: Record<string, string>, as?: string) => postForm(services, merchandisingAction, "/admin/merchandising", fields, { cookie: as ? cookies.get(as) : undefined });

  it("refuses anyone without the right to edit before reading the body", async () => {
    const anonymous = post({ intent: "tiles", version: "1", bottles: "", tumblers: "" });
    expect((await answerOf(anonymous.run)).status).toBe(401);
    expect(anonymous.read()).toBe(false);
    const viewer = post({ intent: "tiles", version: "1", bottles: "", tumblers: "" }, "merch-viewer@glacial.in");
    expect(await answerOf(viewer.run)).toMatchObject({ status: 403, body: { error: "You do not have permission to do that." } });
    expect(viewer.read()).toBe(false);
  });

  it("refuses a form the screen does not have, even one named like an inherited property", async () => {
    for (const intent of ["toString", "constructor", "nothing"]) {
      expect(await answerOf(post({ intent, version: "1", bottles: "", tumblers: "" }, "merch-admin@glacial.in").run), intent).toEqual({
        status: 400,
        body: { ok: false, form: intent, error: "Unknown action." },
      });
    }
  });
});

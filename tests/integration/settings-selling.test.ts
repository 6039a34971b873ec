import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gstinCheckCharacter } from "~/lib/india";
import { auditLog } from "~/modules/audit/schema";
import { TOPICS } from "~/modules/events/topics";
import { readSettingForEdit } from "~/modules/settings/setting-editor.server";
import { getSetting } from "~/modules/settings/site-settings.server";
import { signInStaff } from "~/modules/staff/sign-in.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import type { AppServices } from "~/services.server";
import { answerOf, postForm } from "../support/route-calls";
import { DRIVERS } from "../support/test-database";
import { cookieHeader, createStaff, openTestServices, requestFrom } from "../support/test-services";

// The Settings screen's selling sections (tax invoices, cash on delivery, the online payment
// hold) through the route's action, as the browser posts them: who may save, what bad input is
// told, and that a save is versioned, audited and announced.

const GSTIN_KA = `29AAPFU0939F1Z${gstinCheckCharacter("29AAPFU0939F1Z")}`;

describe.each(DRIVERS)("settings for selling on %s", (kind) => {
  let services: AppServices;
  const cookies = new Map<string, string>();
  const signIn = async (email: string, roles: Parameters<typeof createStaff>[2]) => {
    const user = await createStaff(services, email, roles);
    const result = await signInStaff(services, requestFrom("/admin/login", { method: "POST" }), user);
    if (result.kind !== "signed-in") throw new Error(`sign-in of ${email} failed`);
    cookies.set(email, cookieHeader(result.headers));
  };
  // Each form posts to ?do=<operation>, as the screen's forms do.
  const post = (op: string, fields: Record<string, string>, as: string) => answerOf(postForm(services, settingsAction, `/admin/settings?do=${op}`, fields, { cookie: cookies.get(as) }).run);
  const version = async (key: "store_tax" | "cod" | "payment_hold") => String((await readSettingForEdit(services.db, key)).version);
  const audits = (key: string) => services.db.select().from(auditLog).where(eq(auditLog.targetId, key));

  beforeAll(async () => {
    services = await openTestServices(kind);
    await signIn("owner@glacial.in", ["super_admin"]);
    await signIn("admin@glacial.in", ["admin"]);
  });
  afterAll(() => services?.close());

  it("shows the three sections to an admin, who may only view them; refuses the admin's saves with 403 and changes nothing", async () => {
    const page = (await settingsLoader({ request: requestFrom("/admin/settings", { cookie: cookies.get("admin@glacial.in") }), context: { services }, params: {} } as never)) as {
      canEdit: boolean;
      settings: Record<string, { value: unknown; version: number }>;
    };
    expect(page.canEdit).toBe(false);
    expect(page.settings.store_tax!.value).toMatchObject({ state_code: "29", default_hsn: "7323" });
    expect(page.settings.cod!.value).toEqual({ enabled: true, fee_paise: 4_900, max_order_paise: 2_000_000 });
    expect(page.settings.payment_hold!.value).toEqual({ minutes: 15 });

    const attempts: [string, Record<string, string>][] = [
      ["tax", { legal_name: "Someone Else Pvt Ltd", gstin: "", state_code: "27", address: "Pune", default_hsn: "7323", version: "0" }],
      ["cod", { enabled: "on", fee: "0", max_order: "100000", version: "0" }],
      ["payment-hold", { minutes: "600", version: "0" }],
    ];
    for (const [op, form] of attempts) {
      // Refused from the URL's operation: the body is never read.
      const call = postForm(services, settingsAction, `/admin/settings?do=${op}`, form, { cookie: cookies.get("admin@glacial.in") });
      expect((await answerOf(call.run)).status, op).toBe(403);
      expect(call.read(), op).toBe(false);
    }
    expect(await getSetting(services.db, "store_tax")).toMatchObject({ state_code: "29" });
    expect(await getSetting(services.db, "payment_hold")).toEqual({ minutes: 15 });
    expect(await audits("store_tax")).toHaveLength(0);
  });

  it("saves the tax details with a checked GSTIN of the chosen state; audited and announced", async () => {
    const seen: unknown[] = [];
    const off = services.events.subscribe(TOPICS.settingChanged, (p) => seen.push(p));
    const fields = { legal_name: "GLACIAL Hydration Private Limited", state_code: "29", address: "12, 100 Feet Road, Indiranagar, Bengaluru 560038", default_hsn: "73239390", version: await version("store_tax") };

    // Each GSTIN mistake gets its own message beside the field, and nothing is saved.
    const wrongCheck = GSTIN_KA.slice(0, 14) + (GSTIN_KA[14] === "A" ? "B" : "A");
    const cases: [string, string][] = [
      ["29AAPFU0939", "A GSTIN has 15 characters, like 29ABCDE1234F1Z5."],
      [wrongCheck, "This GSTIN is not valid: check it for a typing mistake."],
      [`27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`, "This GSTIN is registered in Maharashtra; choose that state, or the GSTIN of this one."],
    ];
    for (const [gstin, message] of cases) {
      expect(await post("tax", { ...fields, gstin }, "owner@glacial.in"), gstin).toMatchObject({ status: 400, body: { ok: false, form: "tax", fieldErrors: { gstin: message } } });
    }
    expect(await post("tax", { ...fields, gstin: "", state_code: "99", default_hsn: "73", address: " " }, "owner@glacial.in")).toMatchObject({
      status: 400,
      body: {
        fieldErrors: {
          state_code: "Choose the state or union territory the shop is registered in.",
          default_hsn: "The HSN code has 4, 6 or 8 digits, like 7323.",
          address: "The address is required: it is printed on every invoice.",
        },
      },
    });
    expect(await audits("store_tax")).toHaveLength(0);

    // Typed in lower case with spaces, stored as the GSTIN.
    const saved = await post("tax", { ...fields, gstin: ` ${GSTIN_KA.toLowerCase().slice(0, 7)} ${GSTIN_KA.toLowerCase().slice(7)} ` }, "owner@glacial.in");
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: "Tax details saved. Invoices issued from now on print them." } });
    expect(await getSetting(services.db, "store_tax")).toEqual({
      legal_name: "GLACIAL Hydration Private Limited",
      gstin: GSTIN_KA,
      state_code: "29",
      address: "12, 100 Feet Road, Indiranagar, Bengaluru 560038",
      default_hsn: "73239390",
    });
    const [audit] = await audits("store_tax");
    expect(audit).toMatchObject({ actorEmail: "owner@glacial.in", module: "settings", action: "edit" });
    expect(audit!.changes.after).toMatchObject({ gstin: GSTIN_KA });
    await expect.poll(() => seen).toContainEqual({ key: "store_tax" });
    off();

    // A second save from the version the first one replaced is refused.
    expect(await post("tax", { ...fields, gstin: GSTIN_KA, legal_name: "Stale Name" }, "owner@glacial.in")).toMatchObject({ status: 409 });
    expect((await getSetting(services.db, "store_tax")).legal_name).toBe("GLACIAL Hydration Private Limited");
  });

  it("saves the COD fee and maximum in paise; keeps COD on while it is the only way to pay", async () => {
    const bad = await post("cod", { enabled: "on", fee: "forty", max_order: "20000000", version: await version("cod") }, "owner@glacial.in");
    expect(bad).toMatchObject({
      status: 400,
      body: { fieldErrors: { fee: "The COD fee must be an amount in rupees, like 4999 or 99.50.", max_order: "The maximum COD order value can be at most ₹10,00,000." } },
    });
    const saved = await post("cod", { enabled: "on", fee: "59.50", max_order: "15000", version: await version("cod") }, "owner@glacial.in");
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    expect(await getSetting(services.db, "cod")).toEqual({ enabled: true, fee_paise: 5_950, max_order_paise: 1_500_000 });
    expect(await audits("cod")).toHaveLength(1);

    // This shop has no Razorpay keys: without COD nobody could pay.
    const off = await post("cod", { fee: "59.50", max_order: "15000", version: await version("cod") }, "owner@glacial.in");
    expect(off).toMatchObject({ status: 400, body: { ok: false, error: expect.stringContaining("cash on delivery is the only way shoppers can pay") } });
    expect((await getSetting(services.db, "cod")).enabled).toBe(true);
  });

  it("saves the payment hold in whole minutes from 1 to 1440", async () => {
    for (const [minutes, message] of [
      ["0", "The hold must be from 1 to 1440 minutes (a day)."],
      ["1441", "The hold must be from 1 to 1440 minutes (a day)."],
      ["7.5", "The hold must be a whole number of minutes, like 15."],
    ] as const) {
      expect(await post("payment-hold", { minutes, version: await version("payment_hold") }, "owner@glacial.in"), minutes).toMatchObject({ status: 400, body: { fieldErrors: { minutes: message } } });
    }
    expect(await post("payment-hold", { minutes: "30", version: await version("payment_hold") }, "owner@glacial.in")).toMatchObject({ status: 200, body: { ok: true } });
    expect(await getSetting(services.db, "payment_hold")).toEqual({ minutes: 30 });
    // A form without its version is refused before anything is read.
    expect(await post("payment-hold", { minutes: "45" }, "owner@glacial.in")).toMatchObject({ status: 400, body: { fieldErrors: { version: "The form is missing its version — reload the page." } } });
    expect(await getSetting(services.db, "payment_hold")).toEqual({ minutes: 30 });
  });
});

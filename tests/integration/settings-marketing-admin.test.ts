import { eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/modules/audit/schema";
import { TOPICS } from "~/modules/events/topics";
import { listSubscribers, subscribersCsv, unsubscribeSubscriber } from "~/modules/marketing/newsletter-admin.server";
import { subscribeToNewsletter } from "~/modules/marketing/newsletter.server";
import { listRecentImages } from "~/modules/media/media-picker.server";
import { deletePopup, listPopupsForAdmin, PopupNotFoundError, savePopup, setPopupActive } from "~/modules/marketing/popup-editor.server";
import { popupForm } from "~/modules/marketing/popup-form";
import { getActivePopup } from "~/modules/marketing/popups.server";
import { storefrontGstPercent, storefrontShipping } from "~/modules/settings/storefront-prices.server";
import { getMaintenanceState, listBypassTokens, verifyBypassToken } from "~/modules/settings/maintenance.server";
import { siteSettings } from "~/modules/settings/schema";
import { buildCorpus } from "~/modules/support/retrieval.server";
import { createBypassLink, readVersionedSettings, revokeBypassLink, saveSettings } from "~/modules/settings/settings-admin.server";
import { getSetting } from "~/modules/settings/settings.server";
import type { AppServices } from "~/services.server";
import { testFactories, type TestFactories } from "../support/factories";
import { DRIVERS } from "../support/test-database";
import { createStaff, inProcessEvents, openTestServices } from "../support/test-services";
import { StaleRecordError } from "~/lib/save-outcome";

const popupInput = { title: "Monsoon sale", ctaText: "Shop now", showFrequency: "once_per_session", delaySeconds: "2", showOnPages: "all" };
const popup = (changes: Record<string, string> = {}) => popupForm.parse({ ...popupInput, ...changes });

describe.each(DRIVERS)("settings and marketing back office on %s", (kind) => {
  let services: AppServices;
  let actor: { id: string; email: string };
  const audits = (action: string) => services.db.select().from(auditLog).where(eq(auditLog.action, action));

  let make: TestFactories;
  beforeAll(async () => {
    services = await openTestServices(kind);
    const staff = await createStaff(services, "owner@glacial.in", ["super_admin"]);
    actor = { id: staff.id, email: staff.email };
    // Settings saved once each (shipping never: it is read at its default), stored pictures, and the live popup.
    make = testFactories(services.db);
    await make.setting("store_contact", { store_name: "GLACIAL", phone: "+91 80 4718 2200", email: "care@glacial.in" });
    await make.setting("gst_settings", { percentage: 18 });
    await make.product({ title: "Glacier Classic Bottle", options: [{ name: "Color", values: ["Black", "Navy"] }], images: "colours" });
    await make.product({ title: "Chai Tumbler" });
    await make.popup({ isActive: true, title: "Get 10% off your first bottle" });
  });
  afterAll(async () => {
    await services?.close();
    make?.cleanup();
  });

  it("saves settings only from the version it read, audits the change and announces it", async () => {
    const seen: unknown[] = [];
    const off = services.events.subscribe(TOPICS.settingChanged, (p) => seen.push(p));
    const read = await readVersionedSettings(services.db, ["store_contact", "shipping"]);
    expect(read.store_contact.version).toBe(1);
    expect(read.shipping).toEqual({ value: { free_over_paise: 499_900, flat_fee_paise: 9_900 }, version: 0 });

    const contact = { store_name: "GLACIAL India", phone: "+91 80 1234 5678", email: "hello@glacial.in" };
    const result = await saveSettings(services, actor, [
      { key: "store_contact", value: contact, expectedVersion: 1 },
      { key: "shipping", value: { free_over_paise: 300_000, flat_fee_paise: 14_900 }, expectedVersion: 0 },
    ]);
    expect(result.changed).toEqual(["store_contact", "shipping"]);
    expect(await getSetting(services.db, "store_contact")).toEqual(contact);
    expect((await readVersionedSettings(services.db, ["store_contact", "shipping"])).shipping.version).toBe(1);
    await expect.poll(() => seen).toEqual([{ key: "store_contact" }, { key: "shipping" }]);
    const [audit] = await services.db.select().from(auditLog).where(eq(auditLog.targetId, "store_contact"));
    expect(audit).toMatchObject({ actorEmail: "owner@glacial.in", module: "settings", action: "edit" });
    expect(audit!.changes.after).toMatchObject({ store_name: "GLACIAL India" });
    // The support bot's service facts read the same settings.
    const facts = await buildCorpus(services.db);
    expect(facts.find((p) => p.title.startsWith("Free shipping"))!.text).toBe("Shipping is free on orders over ₹3,000; below that a flat ₹149 applies.");
    expect(facts.find((p) => p.title.startsWith("Online support"))!.text).toContain("call +91 80 1234 5678, write to hello@glacial.in");
    off();
  });

  it("refuses a stale save as a whole: nothing half-saved, no audit, no event", async () => {
    const before = await services.db.select().from(siteSettings);
    const auditCount = (await services.db.select().from(auditLog)).length;
    const seen: unknown[] = [];
    const off = services.events.subscribe(TOPICS.settingChanged, (p) => seen.push(p));
    await expect(
      saveSettings(services, actor, [
        { key: "gst_settings", value: { percentage: 5 }, expectedVersion: 1 },
        // Someone saved shipping since (it is at version 1 now), and store_contact is at 2.
        { key: "shipping", value: { free_over_paise: 1, flat_fee_paise: 1 }, expectedVersion: 0 },
      ]),
    ).rejects.toBeInstanceOf(StaleRecordError);
    await expect(saveSettings(services, actor, [{ key: "store_contact", value: { store_name: "x", phone: "1", email: "a@b.in" }, expectedVersion: 1 }])).rejects.toThrow(
      "These settings were changed by someone else — reload to see their changes.",
    );
    expect(await services.db.select().from(siteSettings)).toEqual(before);
    expect((await services.db.select().from(auditLog)).length).toBe(auditCount);
    // Saving the same values again writes nothing: no version bump, no audit, no event.
    const same = await readVersionedSettings(services.db, ["store_contact"]);
    expect(await saveSettings(services, actor, [{ key: "store_contact", value: same.store_contact.value, expectedVersion: same.store_contact.version }])).toEqual({ changed: [] });
    expect(await services.db.select().from(siteSettings)).toEqual(before);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]);
    off();
  });

  it("switches maintenance through the same versioned, audited save; the gate reads it at once", async () => {
    const { maintenance } = await readVersionedSettings(services.db, ["maintenance"]);
    await saveSettings(services, actor, [{ key: "maintenance", value: { enabled: true, message: "Back at 6 pm." }, expectedVersion: maintenance.version }]);
    expect(await getMaintenanceState(services.db)).toEqual({ enabled: true, message: "Back at 6 pm." });
    expect((await audits("edit")).some((a) => a.targetId === "maintenance")).toBe(true);
  });

  it("creates and revokes bypass links with an audit row each, never logging the token", async () => {
    const now = new Date();
    const created = await createBypassLink(services.db, actor, { label: " Photographer ", expiresAt: new Date(now.getTime() + 3600_000) }, now);
    expect(await verifyBypassToken(services.db, created.token)).not.toBeNull();
    expect((await listBypassTokens(services.db)).find((t) => t.id === created.id)?.label).toBe("Photographer");
    expect(await revokeBypassLink(services.db, actor, created.id)).toBe(true);
    expect(await revokeBypassLink(services.db, actor, created.id)).toBe(false);
    expect(await verifyBypassToken(services.db, created.token)).toBeNull();
    const rows = [...(await audits("create_bypass_link")), ...(await audits("revoke_bypass_link"))];
    expect(rows.map((r) => r.action).sort()).toEqual(["create_bypass_link", "revoke_bypass_link"]);
    expect(JSON.stringify(rows)).not.toContain(created.token);
    // A refused input leaves no row and no audit.
    await expect(createBypassLink(services.db, actor, { label: " ", expiresAt: new Date(now.getTime() + 3600_000) })).rejects.toThrow(/label is required/);
    expect(await audits("create_bypass_link")).toHaveLength(1);
  });

  it("caches GST for the storefront and drops it when settings.changed names gst_settings", async () => {
    expect(await storefrontGstPercent(services)).toBe(18);
    // Written behind the cache's back (no event): the cached 18 stays, as the spec's 60 s cache allows.
    await services.db.update(siteSettings).set({ value: { percentage: 12 } }).where(eq(siteSettings.key, "gst_settings"));
    expect(await storefrontGstPercent(services)).toBe(18);
    // The back office's save publishes settings.changed: the next read sees the new rate.
    const { gst_settings } = await readVersionedSettings(services.db, ["gst_settings"]);
    await saveSettings(services, actor, [{ key: "gst_settings", value: { percentage: 5 }, expectedVersion: gst_settings.version }]);
    await expect.poll(() => storefrontGstPercent(services)).toBe(5);
  });

  it("falls back to 18 % GST and the default shipping when the settings cannot be read, flagging the render", async () => {
    const broken = { db: { select: () => { throw new Error("database down"); } } as unknown as AppServices["db"], events: inProcessEvents() };
    const fallbacks: string[] = [];
    expect(await storefrontGstPercent(broken, () => fallbacks.push("gst"))).toBe(18);
    expect(await storefrontShipping(broken, () => fallbacks.push("shipping"))).toEqual({ free_over_paise: 499_900, flat_fee_paise: 9_900 });
    expect(fallbacks).toEqual(["gst", "shipping"]);
  });

  it("offers recent stored images to the popup editor, each one a valid popup image", async () => {
    const images = await listRecentImages(services.db, 10);
    // The three pictures made above.
    expect(images).toHaveLength(3);
    expect(images.length).toBeLessThanOrEqual(10);
    expect(new Set(images.map((i) => i.fileUrl)).size).toBe(images.length);
    for (const image of images) expect(popupForm.safeParse({ ...popupInput, imageUrl: image.fileUrl }).success, image.fileUrl).toBe(true);
  });

  it("keeps at most one popup active: activating one deactivates the other in the same transaction", async () => {
    const [seeded] = await listPopupsForAdmin(services.db);
    expect(seeded!.isActive).toBe(true);
    const created = await savePopup(services.db, actor, popup(), {});
    expect(created.deactivated).toEqual([]);
    expect((await getActivePopup(services.db))?.id).toBe(seeded!.id);

    const activated = await setPopupActive(services.db, actor, created.id, true, created.version);
    expect(activated.deactivated).toEqual([seeded!.title]);
    const all = await listPopupsForAdmin(services.db);
    expect(all.filter((p) => p.isActive).map((p) => p.id)).toEqual([created.id]);
    expect((await getActivePopup(services.db))?.title).toBe("Monsoon sale");
    expect((await audits("deactivate_popup")).map((a) => a.targetId)).toEqual([seeded!.id]);

    // Saving the old one as active through the editor switches back.
    const seededNow = all.find((p) => p.id === seeded!.id)!;
    const back = await savePopup(services.db, actor, popup({ title: seeded!.title, isActive: "on" }), { id: seeded!.id, expectedVersion: seededNow.version });
    expect(back.deactivated).toEqual(["Monsoon sale"]);
    expect((await listPopupsForAdmin(services.db)).filter((p) => p.isActive).map((p) => p.id)).toEqual([seeded!.id]);
  });

  it("edits a popup from the version it read; a stale edit or activation is refused and changes nothing", async () => {
    const created = await savePopup(services.db, actor, popup({ title: "Diwali", delaySeconds: "8" }), {});
    const edited = await savePopup(services.db, actor, popup({ title: "Diwali", delaySeconds: "3", showFrequency: "once_per_day" }), { id: created.id, expectedVersion: created.version });
    expect(edited.version).toBe(created.version + 1);
    await expect(savePopup(services.db, actor, popup({ title: "Diwali!!" }), { id: created.id, expectedVersion: created.version })).rejects.toBeInstanceOf(StaleRecordError);
    await expect(setPopupActive(services.db, actor, created.id, true, created.version)).rejects.toThrow("This popup was changed by someone else — reload to see their changes.");
    const row = (await listPopupsForAdmin(services.db)).find((p) => p.id === created.id)!;
    expect(row).toMatchObject({ title: "Diwali", delaySeconds: 3, showFrequency: "once_per_day", isActive: false, version: edited.version });
    const [audit] = (await audits("edit_popup")).filter((a) => a.targetId === created.id);
    expect(audit!.changes).toEqual({ before: { delaySeconds: 8, showFrequency: "once_per_session" }, after: { delaySeconds: 3, showFrequency: "once_per_day" } });

    await deletePopup(services.db, actor, created.id);
    await expect(deletePopup(services.db, actor, created.id)).rejects.toBeInstanceOf(PopupNotFoundError);
    await expect(savePopup(services.db, actor, popup(), { id: created.id, expectedVersion: 1 })).rejects.toBeInstanceOf(PopupNotFoundError);
  });

  it("lists, searches, unsubscribes and exports subscribers as guarded RFC 4180 CSV", async () => {
    const at = new Date("2026-11-20T08:00:00Z");
    await subscribeToNewsletter(services.db, { email: "Asha@Example.in", source: "footer", consentText: "I agree, happily.", consented: true }, at);
    await subscribeToNewsletter(services.db, { email: "ravi@example.in", source: "popup", consentText: '=HYPERLINK("http://evil")', consented: true }, new Date(at.getTime() + 1000));
    await subscribeToNewsletter(services.db, { email: "under_score@example.in", source: "footer", consented: true }, new Date(at.getTime() + 2000));

    expect((await listSubscribers(services.db, { q: "example.in" })).total).toBe(3);
    expect((await listSubscribers(services.db, { q: "ASHA" })).rows.map((r) => r.email)).toEqual(["asha@example.in"]);
    // % and _ are literal characters in a search, not wildcards.
    expect((await listSubscribers(services.db, { q: "%" })).total).toBe(0);
    expect((await listSubscribers(services.db, { q: "a_h" })).total).toBe(0);
    expect((await listSubscribers(services.db, { q: "under_" })).total).toBe(1);
    const ravi = (await listSubscribers(services.db, { q: "ravi" })).rows[0]!;
    expect(ravi).toMatchObject({ source: "popup", consentText: '=HYPERLINK("http://evil")', consentedAt: new Date(at.getTime() + 1000) });

    expect(await unsubscribeSubscriber(services.db, actor, ravi.id)).toBe("done");
    expect(await unsubscribeSubscriber(services.db, actor, ravi.id)).toBe("already");
    expect(await unsubscribeSubscriber(services.db, actor, "00000000-0000-4000-8000-000000000000")).toBe("missing");
    expect((await audits("unsubscribe")).map((a) => a.targetId)).toEqual([ravi.id]);
    expect((await listSubscribers(services.db, { status: "subscribed" })).rows.map((r) => r.email)).not.toContain("ravi@example.in");
    expect((await listSubscribers(services.db, { status: "unsubscribed" })).rows.map((r) => r.email)).toEqual(["ravi@example.in"]);

    const csv = await subscribersCsv(services.db, { status: "all" });
    expect(csv.startsWith("email,status,source,consent_text,consented_at,unsubscribed_at,created_at\r\n")).toBe(true);
    expect(csv).toContain(`ravi@example.in,unsubscribed,popup,"'=HYPERLINK(""http://evil"")",2026-11-20T08:00:01.000Z,`);
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.email)).toEqual(["under_score@example.in", "ravi@example.in", "asha@example.in"]);
    expect(records.find((r) => r.email === "asha@example.in")).toMatchObject({ status: "subscribed", source: "footer", consent_text: "I agree, happily." });
    expect(records.find((r) => r.email === "ravi@example.in")!.consent_text).toBe(`'=HYPERLINK("http://evil")`);
    expect(parse(await subscribersCsv(services.db, { q: "asha", status: "all" }))).toHaveLength(2);
  });
});

import fs from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gstinCheckCharacter } from "~/lib/india";
import type { Role } from "~/modules/staff/roles";
import { startAdminServer, type AdminServer } from "../support/admin-server";
import { signInOverHttp } from "../support/staff-http";
import { expectAccessible, launchBrowser, signedInContext } from "../support/browser";
import { hydrated, openStorefront, openWithPopupTimer } from "../support/storefront";

// The marketing and settings back office against one production server on its own demo store:
// permission refusals over HTTP (cheap), then the flows a person does, in Chromium.
const PASSWORD = "a long test passphrase";
const USERS: Partial<Record<Role, string>> = { super_admin: "super@glacial.in", admin: "admin@glacial.in", viewer: "viewer@glacial.in" };
const SEEDED_POPUP = "Get 10% off your first bottle";
const POPUP_CONSENT = "I agree to receive emails from GLACIAL. I can unsubscribe at any time.";

describe("marketing and settings back office", () => {
  let browser: Browser;
  let server: AdminServer;
  let base: string;
  const cookies = new Map<Role, string>();

  const post = (path: string, form: Record<string, string>, role: Role) =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, cookie: cookies.get(role)! },
      body: new URLSearchParams(form),
    });
  const html = async (path: string, role: Role) => (await fetch(`${base}${path}`, { headers: { cookie: cookies.get(role)! } })).text();
  /** Every input's name, value and checked state on a page: hidden versions included, so any write shows. */
  const inputs = async (path: string) =>
    [...(await html(path, "super_admin")).matchAll(/<input[^>]*>/g)].map((m) => m[0]).filter((tag) => / name="/.test(tag) && !/name="(q|label)"/.test(tag));

  async function signedIn(role: Role, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await signedInContext(browser, base, cookies.get(role)!, { viewport });
    return { context, page: await context.newPage() };
  }

  beforeAll(async () => {
    server = await startAdminServer(Object.entries(USERS).map(([role, email]) => ({ email, password: PASSWORD, roles: [role as Role] })));
    base = server.url;
    for (const [role, email] of Object.entries(USERS)) cookies.set(role as Role, await signInOverHttp(base, email, PASSWORD));
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("refuses an admin (not super_admin) every settings mutation with 403 and changes nothing; a stale save is refused with 409", async () => {
    // A live bypass link the admin will try to revoke.
    expect((await post("/admin/settings?do=bypass-create", { label: "Agency preview", duration: "1d" }, "super_admin")).status).toBe(200);
    const tokenId = /name="id" value="([0-9a-f-]{36})"/.exec(await html("/admin/settings", "super_admin"))![1]!;
    const before = await inputs("/admin/settings");
    expect(before.length).toBeGreaterThan(8);

    const attempts: [string, Record<string, string>][] = [
      ["store", { store_name: "Hacked", phone: "+91 1111 111111", email: "x@example.in", version: "1" }],
      ["pricing", { gst_percentage: "5", free_shipping_over: "1", flat_shipping_fee: "0", gst_version: "1", shipping_version: "0" }],
      ["maintenance", { enabled: "on", message: "Closed", version: "0" }],
      ["bypass-create", { label: "Sneaky", duration: "90d" }],
      ["bypass-revoke", { id: tokenId }],
      ["security", { require_mfa: "on" }],
      ["tax", { legal_name: "Hacked Pvt Ltd", gstin: "", state_code: "27", address: "Elsewhere", default_hsn: "7323", version: "0" }],
      ["cod", { enabled: "on", fee: "0", max_order: "1000000", version: "0" }],
      ["payment-hold", { minutes: "1440", version: "0" }],
      ["nonsense", {}],
    ];
    for (const [op, form] of attempts) expect((await post(`/admin/settings?do=${op}`, form, "admin")).status, op).toBe(403);
    expect(await inputs("/admin/settings")).toEqual(before);
    // The storefront still open: maintenance was not switched on.
    expect((await fetch(base, { redirect: "manual" })).status).toBe(200);

    // Version 0 says "never saved", but store_contact was seeded: someone else's save came first.
    const stale = await post("/admin/settings?do=store", { store_name: "GLACIAL", phone: "+91 80 4718 2200", email: "care@glacial.in", version: "0" }, "super_admin");
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("changed by someone else — reload to see their changes.");
    const bad = await post("/admin/settings?do=pricing", { gst_percentage: "29", free_shipping_over: "abc", flat_shipping_fee: "99", gst_version: "1", shipping_version: "0" }, "super_admin");
    expect(bad.status).toBe(400);
    const body = await bad.text();
    expect(body).toContain("Choose a GST rate of 0, 3, 5, 12, 18 or 28 percent.");
    expect(body).toContain("Free-shipping threshold must be an amount in rupees");
    expect(await inputs("/admin/settings")).toEqual(before);
  });

  it("refuses a viewer every marketing mutation and the subscriber export; nothing changes", async () => {
    const page = await html("/admin/marketing", "super_admin");
    const popupId = /name="id" value="([0-9a-f-]{36})"/.exec(page)![1]!;
    const before = await inputs("/admin/marketing");
    const popup = { title: "Viewer popup", ctaText: "Go", showFrequency: "always", delaySeconds: "1", showOnPages: "all" };
    const attempts: [string, Record<string, string>][] = [
      ["popup-create", popup],
      ["popup-update", { id: popupId, version: "1", ...popup }],
      ["popup-activate", { id: popupId, version: "1" }],
      ["popup-deactivate", { id: popupId, version: "1" }],
      ["popup-delete", { id: popupId }],
      ["unsubscribe", { id: popupId }],
      ["nonsense", {}],
    ];
    for (const [op, form] of attempts) expect((await post(`/admin/marketing?do=${op}`, form, "viewer")).status, op).toBe(403);
    const csv = await fetch(`${base}/admin/marketing/subscribers.csv`, { headers: { cookie: cookies.get("viewer")! } });
    expect(csv.status).toBe(403);
    expect((await fetch(`${base}/admin/marketing/subscribers.csv`)).status).toBe(401);
    expect(await inputs("/admin/marketing")).toEqual(before);

    // Bad input from someone allowed: field-level messages, 400, nothing created.
    const bad = await post("/admin/marketing?popup=new&do=popup-create", { title: "", ctaText: "Go", emailCollection: "on", showFrequency: "weekly", delaySeconds: "-1", showOnPages: "bottles", ctaLink: "javascript:alert(1)" }, "admin");
    expect(bad.status).toBe(400);
    const text = await bad.text();
    for (const message of ["Title is required.", "Choose how often the popup shows.", "Delay cannot be negative.", "Each page must be all, home or a path starting with /.", "Button link must start with /"]) {
      expect(text).toContain(message);
    }
    expect(await inputs("/admin/marketing")).toEqual(before);
  });

  it("lists subscribers with source and consent, searches, unsubscribes and exports them as CSV", async () => {
    const stamp = Date.now();
    const subscribe = (email: string, source: string, consentText: string) =>
      fetch(`${base}/api/newsletter`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base }, body: JSON.stringify({ email, source, consentText, consented: true }) });
    // The shop stores the consent text it showed (footer, or the active popup's), whatever the browser sends.
    expect((await subscribe(`csv-footer-${stamp}@example.in`, "footer", "ignored")).status).toBe(200);
    // A leading "-" is valid in an address, and a spreadsheet would read the cell as a formula.
    expect((await subscribe(`-csv-popup-${stamp}@example.in`, "popup", "ignored")).status).toBe(200);

    const { context, page } = await signedIn("admin");
    await page.goto(`${base}/admin/marketing`);
    await page.getByLabel("Search by email").fill(`csv-popup-${stamp}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=csv-popup/);
    // The URL changes before React has rendered the filtered list.
    await expect.poll(() => page.getByText("Showing 1–1 of 1.").count(), { timeout: 10_000 }).toBe(1);
    const popupRow = page.getByRole("row").filter({ hasText: `-csv-popup-${stamp}@example.in` });
    expect(await popupRow.getByRole("cell").nth(0).textContent()).toBe("Popup");
    expect(await popupRow.getByRole("cell").nth(1).textContent()).toBe(POPUP_CONSENT);
    expect(await page.getByRole("row").filter({ hasText: `csv-footer-${stamp}` }).count()).toBe(0);

    await page.getByLabel("Search by email").fill(`${stamp}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => page.getByText("Showing 1–2 of 2.").count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole("button", { name: `Unsubscribe csv-footer-${stamp}@example.in` }).click();
    await expect.poll(() => page.getByRole("row").filter({ hasText: `csv-footer-${stamp}` }).count(), { timeout: 10_000 }).toBe(0);

    await page.getByLabel("Status").selectOption("all");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => page.getByText("Showing 1–2 of 2.").count(), { timeout: 10_000 }).toBe(1);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^glacial-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs.readFileSync((await download.path())!, "utf8").split("\r\n");
    expect(lines[0]).toBe("email,status,source,consent_text,consented_at,unsubscribed_at,created_at");
    // The would-be formula is neutralised with a leading apostrophe.
    const popupLine = lines.find((l) => l.includes(`csv-popup-${stamp}`))!;
    expect(popupLine).toMatch(new RegExp(`^'-csv-popup-${stamp}@example\\.in,subscribed,popup,${POPUP_CONSENT.replace(/\./g, "\\.")},\\d{4}-[^,]+,,\\d{4}-`));
    expect(lines.find((l) => l.startsWith(`csv-footer-${stamp}`))).toMatch(/^csv-footer-\d+@example\.in,unsubscribed,footer,I agree to receive emails from GLACIAL about new products and offers\. I can unsubscribe at any time\.,\d{4}-[^,]+,\d{4}-[^,]+,\d{4}-/);
    expect(lines.filter((l) => l.includes(`${stamp}`))).toHaveLength(2);
    await context.close();
  });

  it("edits and activates a popup (the other deactivated, shown in the list) and the storefront shows it with its new delay and frequency", async () => {
    const { context, page } = await signedIn("admin");
    await page.goto(`${base}/admin/marketing`);
    await page.getByRole("link", { name: "New popup" }).click();
    await page.getByLabel("Title").fill("Monsoon cooler sale");
    await page.getByLabel("Button text").fill("Shop the sale");
    await page.getByLabel("Button link (optional)").fill("/bottles");
    await page.getByLabel("Delay (seconds)").fill("6");
    await page.getByRole("button", { name: "Create popup" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Popup “Monsoon cooler sale” created." }).count(), { timeout: 10_000 }).toBe(1);

    await page.getByRole("link", { name: "Edit Monsoon cooler sale" }).click();
    await page.getByLabel("Description (optional)").fill("Cold drinks all week long.");
    await page.getByLabel("Delay (seconds)").fill("2");
    await page.getByLabel("Show frequency").selectOption("once_per_session");
    await page.getByLabel("Pages", { exact: true }).fill("home\n/bottles");
    // The preview follows the form as it is typed.
    await expect.poll(() => page.getByTestId("popup-preview").textContent()).toContain("Cold drinks all week long.");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save popup" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Popup “Monsoon cooler sale” saved." }).count(), { timeout: 10_000 }).toBe(1);

    await page.getByRole("button", { name: "Activate Monsoon cooler sale" }).click();
    const note = `“Monsoon cooler sale” is now active. Only one popup can be active, so “${SEEDED_POPUP}” was deactivated.`;
    await expect.poll(() => page.getByRole("status").filter({ hasText: note }).count(), { timeout: 10_000 }).toBe(1);
    const row = (title: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title, exact: true }) });
    // The list follows once the page's data is reloaded after the action.
    await expect.poll(() => row("Monsoon cooler sale").getByRole("cell").nth(0).textContent(), { timeout: 10_000 }).toBe("Active");
    expect(await row("Monsoon cooler sale").getByRole("cell").nth(1).textContent()).toBe("Once per session");
    expect(await row("Monsoon cooler sale").getByRole("cell").nth(2).textContent()).toBe("2 s");
    await expect.poll(() => row(SEEDED_POPUP).getByRole("cell").nth(0).textContent(), { timeout: 10_000 }).toBe("Inactive");
    await context.close();

    // A shopper: the new popup opens after 2 s (not before), once per session.
    const shopper = await openStorefront(browser, { popup: true });
    const dialog = shopper.page.getByRole("dialog", { name: "Monsoon cooler sale" });
    await openWithPopupTimer(shopper.page, `${base}/bottles`, 2000);
    await shopper.page.clock.fastForward(1500);
    expect(await dialog.count()).toBe(0);
    await shopper.page.clock.fastForward(700);
    await shopper.page.clock.resume();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.getByText("Cold drinks all week long.").isVisible()).toBe(true);
    expect(await shopper.page.getByRole("dialog", { name: SEEDED_POPUP }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Close popup" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // Same session: suppressed on the next page.
    await shopper.page.goto(`${base}/`);
    await hydrated(shopper.page);
    await shopper.page.waitForLoadState("networkidle");
    await shopper.page.clock.fastForward(3000);
    expect(await dialog.count()).toBe(0);
    await shopper.context.close();
  });

  it("changes GST and shipping, and the storefront's checkout uses them at once", async () => {
    const { cards } = (await (await fetch(`${base}/api/best-sellers?limit=1`)).json()) as { cards: { id: string; slug: string; name: string; pricePaise: number; variantId: string; variantTitle: string; sku: string }[] };
    const card = cards[0]!;
    const shopper = await openStorefront(browser);
    await shopper.context.addInitScript((line) => {
      if (!localStorage.getItem("cart")) {
        localStorage.setItem("cart", JSON.stringify([line]));
        // The cookie a saved cart always has beside it.
        document.cookie = `glacial_cart=${encodeURIComponent(JSON.stringify([[line.variantId, 1]]))}; Path=/`;
      }
    }, { id: "line-1", productId: card.id, variantId: card.variantId, title: card.name, variantTitle: card.variantTitle, price: card.pricePaise, quantity: 1, image: "", sku: card.sku, slug: card.slug });
    // Read once at 18 %, which fills the storefront's 60-second GST cache.
    await shopper.page.goto(`${base}/checkout`);
    await expect.poll(() => shopper.page.getByText("Includes GST (18%)").count(), { timeout: 10_000 }).toBe(1);

    const { context, page } = await signedIn("super_admin");
    await page.goto(`${base}/admin/settings`);
    await expectAccessible(page);
    await page.getByLabel("GST percentage").selectOption("12");
    await page.getByLabel("Free shipping over (₹)").fill("100000");
    await page.getByLabel("Flat shipping fee (₹)").fill("149");
    await page.getByRole("button", { name: "Save GST and shipping" }).click();
    await expect.poll(() => page.getByText("GST and shipping saved.").count(), { timeout: 10_000 }).toBe(1);

    // Well inside the 60 s window: the settings.changed event dropped the cached 18 %.
    await shopper.page.reload();
    await expect.poll(() => shopper.page.getByText("Includes GST (12%)").count(), { timeout: 10_000 }).toBe(1);
    // GST inside the goods, the (now charged) ₹149 shipping and the ₹49 cash-on-delivery fee (the
    // one way to pay offered here), each part's taxable value rounded to the paisa.
    const taxIn = (paise: number) => paise - Math.round((paise * 100) / 112);
    const gst = taxIn(card.pricePaise) + taxIn(14_900) + taxIn(4_900);
    expect(await shopper.page.getByTestId("checkout-gst").textContent()).toBe(`₹${Math.round(gst / 100).toLocaleString("en-IN")}`);
    expect(await shopper.page.getByTestId("checkout-shipping").textContent()).toBe("₹149");
    await shopper.context.close();
    await context.close();
  });

  it("saves the shop's tax details and payment hold; a mistyped GSTIN is named beside its field and nothing is saved", async () => {
    const { context, page } = await signedIn("super_admin");
    await page.goto(`${base}/admin/settings`);
    const tax = page.getByRole("region", { name: "Tax invoices" });
    const good = `29AAPFU0939F1Z${gstinCheckCharacter("29AAPFU0939F1Z")}`;
    const typo = `${good.slice(0, 14)}${good[14] === "A" ? "B" : "A"}`;
    await tax.getByLabel("GSTIN").fill(typo);
    await tax.getByLabel("State").selectOption("29");
    await tax.getByRole("button", { name: "Save tax details" }).click();
    await expect.poll(() => tax.getByText("This GSTIN is not valid: check it for a typing mistake.").count(), { timeout: 10_000 }).toBe(1);
    expect(await tax.getByLabel("GSTIN").getAttribute("aria-invalid")).toBe("true");
    await tax.getByLabel("GSTIN").fill(good.toLowerCase());
    await tax.getByRole("button", { name: "Save tax details" }).click();
    await expect.poll(() => tax.getByText("Tax details saved.").count(), { timeout: 10_000 }).toBe(1);
    // The form starts again from what was stored: the GSTIN in capitals.
    await expect.poll(() => tax.getByLabel("GSTIN").inputValue(), { timeout: 10_000 }).toBe(good);

    const hold = page.getByRole("region", { name: "Online payment hold" });
    await hold.getByLabel("Hold (minutes)").fill("20");
    await hold.getByRole("button", { name: "Save payment hold" }).click();
    await expect.poll(() => hold.getByText("Payment hold saved.").count(), { timeout: 10_000 }).toBe(1);
    expect(await hold.getByLabel("Hold (minutes)").inputValue()).toBe("20");
    await expectAccessible(page);
    await context.close();
  });

  it("maintenance: visitors are gated, an admin passes, a bypass link lets a visitor in until it is revoked", async () => {
    // The admin sees the settings read-only.
    const admin = await signedIn("admin");
    await admin.page.goto(`${base}/admin/settings`);
    expect(await admin.page.getByText("You can view the settings; only a super admin can change them.").isVisible()).toBe(true);
    expect(await admin.page.getByLabel("Maintenance mode on").isDisabled()).toBe(true);
    expect(await admin.page.getByLabel("GST percentage").isDisabled()).toBe(true);
    expect(await admin.page.getByRole("button", { name: /^Save/ }).count()).toBe(0);

    const { context, page } = await signedIn("super_admin");
    await page.goto(`${base}/admin/settings`);
    await page.getByLabel("Maintenance mode on").check();
    await page.getByLabel("Message for visitors").fill("Back after the monsoon restock.");
    await page.getByRole("button", { name: "Save maintenance mode" }).click();
    await expect.poll(() => page.getByTestId("maintenance-status").textContent(), { timeout: 10_000 }).toContain("On");

    const visitor = await openStorefront(browser);
    await visitor.page.goto(`${base}/bottles`);
    expect(visitor.page.url()).toBe(`${base}/maintenance`);
    expect(await visitor.page.getByText("Back after the monsoon restock.").isVisible()).toBe(true);
    const adminVisit = await admin.page.goto(`${base}/bottles`);
    expect(admin.page.url()).toBe(`${base}/bottles`);
    expect(adminVisit?.status()).toBe(200);

    await page.getByLabel("Label", { exact: true }).fill("Photographer");
    await page.getByLabel("Expires after").selectOption("1d");
    await page.getByRole("button", { name: "Create link" }).click();
    const linkBox = page.getByLabel("New bypass link (shown only once)");
    await linkBox.waitFor({ timeout: 10_000 });
    const link = new URL(await linkBox.inputValue());
    expect(link.pathname).toBe("/maintenance");
    expect(await page.getByRole("button", { name: "Copy bypass link" }).isVisible()).toBe(true);

    await visitor.page.goto(`${base}${link.pathname}${link.search}`);
    expect(visitor.page.url()).toBe(`${base}/`);
    await visitor.page.goto(`${base}/bottles`);
    expect(visitor.page.url()).toBe(`${base}/bottles`);

    await page.getByRole("button", { name: "Revoke Photographer" }).click();
    await expect.poll(() => page.getByText("Bypass link revoked").count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByRole("row").filter({ hasText: "Photographer" }).getByRole("cell").nth(1).textContent(), { timeout: 10_000 }).toBe("Revoked");
    // The link is shown once: after the next action it is gone from the page.
    expect(await linkBox.count()).toBe(0);
    await visitor.page.goto(`${base}/bottles`);
    expect(visitor.page.url()).toBe(`${base}/maintenance`);

    await page.getByLabel("Maintenance mode on").uncheck();
    await page.getByRole("button", { name: "Save maintenance mode" }).click();
    await expect.poll(() => page.getByTestId("maintenance-status").textContent(), { timeout: 10_000 }).toContain("Off");
    await visitor.page.goto(`${base}/bottles`);
    expect(visitor.page.url()).toBe(`${base}/bottles`);
    await Promise.all([visitor.context.close(), admin.context.close(), context.close()]);
  });
});

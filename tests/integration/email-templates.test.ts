import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "~/modules/audit/audit.server";
import { outcomeOf } from "~/lib/save-outcome";
import { createMailer, getTemplate, listOutbox, restoreTemplate, saveTemplate } from "~/modules/mail/mail.server";
import { TEMPLATE_SPECS } from "~/modules/mail/mail";
import { emailTemplates, mailOutbox } from "~/modules/mail/schema";
import { placeOrder, quoteCart, type CartLineInput } from "~/modules/orders/checkout.server";
import { transitionOrder } from "~/modules/orders/order-admin.server";
import { sendOrderConfirmation, sendOrderNotice } from "~/modules/orders/order-notices.server";
import { refundOrder } from "~/modules/orders/refunds.server";
import { orders } from "~/modules/orders/schema";
import { signInStaff } from "~/modules/staff/sign-in.server";
import { action as templatesAction, loader as templatesLoader } from "~/routes/admin/email-templates";
import type { AppServices } from "~/services.server";
import { createLogger } from "~/lib/logger.server";
import { answerOf, postForm } from "../support/route-calls";
import { DRIVERS } from "../support/test-database";
import { cookieHeader, createStaff, openTestServices, requestFrom, TEST_PUBLIC_URL } from "../support/test-services";
import { checkoutForm, createProduct } from "../support/shoppers";

// The email templates against a real database: staff's words used by the next mail, an unknown
// variable or a stale editor refused with nothing saved, the default restored, and every order
// event mailed once however often it is handled.

const ACTOR = { id: null, email: "owner@glacial.in" };

describe.each(DRIVERS)("email templates on %s", (kind) => {
  let services: AppServices;
  let bottle: string;

  async function buy(cart: CartLineInput[] = [{ variantId: bottle, quantity: 1 }], email = "asha@example.in") {
    const quote = await quoteCart(services.db, cart, { email });
    const result = await placeOrder(services, checkoutForm({ quoteDigest: quote.digest, email }), cart);
    if (result.kind !== "placed") throw new Error(`not placed: ${JSON.stringify(result).slice(0, 300)}`);
    return result.order;
  }
  const mailsAbout = async (number: string) => (await listOutbox(services.db, { limit: 500 })).filter((m) => m.subject.includes(number));
  const versionOf = async (id: string) => (await services.db.select({ v: orders.version }).from(orders).where(eq(orders.id, id)))[0]!.v;

  beforeAll(async () => {
    services = await openTestServices(kind);
    bottle = (await createProduct(services.db, "steel-bottle", { pricePaise: 129_900, stock: 500 })).variantId;
  });
  afterAll(() => services?.close());

  it("a saved template is used by the next order confirmation, in the text and the HTML part", async () => {
    const before = await getTemplate(services.db, "order_confirmation");
    expect(before).toMatchObject({ version: 0, customised: false, subject: TEMPLATE_SPECS.order_confirmation.subject });
    const saved = await outcomeOf(() => saveTemplate(
      services.db,
      ACTOR,
      "order_confirmation",
      { subject: "Order {{order.number}} is in, {{customer.name}}!", body: "Namaste {{customer.name}} <3\n\nWe are packing {{order.number}}.\n\n{{order.items}}" },
      0,
    ));
    expect(saved).toMatchObject({ ok: true, version: 1 });
    const order = await buy();
    const [mail] = await services.db.select().from(mailOutbox).where(eq(mailOutbox.subject, `Order ${order.number} is in, Asha Rao!`));
    expect(mail).toMatchObject({ to: "asha@example.in", status: "outbox", kind: "order_confirmation", eventKey: `order:${order.id}:confirmation` });
    expect(mail!.text).toContain("Namaste Asha Rao <3\n\nWe are packing");
    expect(mail!.text).toContain("- steel bottle x 1: ₹1,299");
    expect(mail!.text).toContain(`Your order: ${TEST_PUBLIC_URL}/thank-you?order=${order.number}&key=`);
    // The HTML part escapes what it shows and carries the button.
    expect(mail!.html).toContain("Namaste Asha Rao &lt;3");
    expect(mail!.html).toContain(`/thank-you?order=${order.number}&amp;key=`);
    const audit = await listAudit(services.db, { module: "email_templates" });
    expect(audit.some((r) => r.action === "template_save" && r.targetId === "order_confirmation")).toBe(true);
    // Restored, the next confirmation reads the default again.
    expect(await outcomeOf(() => restoreTemplate(services.db, ACTOR, "order_confirmation", 1))).toMatchObject({ ok: true });
    const next = await buy();
    expect((await mailsAbout(next.number)).map((m) => m.subject)).toEqual([`Your GLACIAL order ${next.number}`]);
  });

  it("an unknown variable is refused with its name, and nothing is saved", async () => {
    const before = await getTemplate(services.db, "order_shipped");
    const refused = await outcomeOf(() => saveTemplate(services.db, ACTOR, "order_shipped", { subject: "Shipped {{order.number}}", body: "Track it: {{shipment.trackng_link}}" }, before.version));
    expect(refused).toMatchObject({ ok: false, status: 400, fieldErrors: { body: "Unknown variable {{shipment.trackng_link}} in the body." } });
    expect(await getTemplate(services.db, "order_shipped")).toEqual(before);
    expect(await services.db.select().from(emailTemplates).where(eq(emailTemplates.kind, "order_shipped"))).toEqual([]);
  });

  it("a save from a stale editor is refused with 409; restoring the default keeps the version moving", async () => {
    const first = await outcomeOf(() => saveTemplate(services.db, ACTOR, "order_delivered", { subject: "Delivered {{order.number}}", body: "Enjoy, {{customer.name}}." }, 0));
    expect(first).toMatchObject({ ok: true, version: 1 });
    // A second editor opened before the first save still holds version 0.
    const stale = await outcomeOf(() => saveTemplate(services.db, ACTOR, "order_delivered", { subject: "Other {{order.number}}", body: "Other." }, 0));
    expect(stale).toMatchObject({ ok: false, status: 409, error: "This template was changed by someone else since you opened it — reload to see the current version." });
    expect(await getTemplate(services.db, "order_delivered")).toMatchObject({ subject: "Delivered {{order.number}}", version: 1, customised: true });

    expect(await outcomeOf(() => restoreTemplate(services.db, ACTOR, "order_delivered", 0))).toMatchObject({ ok: false, status: 409 });
    expect(await outcomeOf(() => restoreTemplate(services.db, ACTOR, "order_delivered", 1))).toMatchObject({ ok: true, version: 2 });
    expect(await getTemplate(services.db, "order_delivered")).toMatchObject({ ...TEMPLATE_SPECS.order_delivered && { subject: TEMPLATE_SPECS.order_delivered.subject, body: TEMPLATE_SPECS.order_delivered.body }, version: 2, customised: false });
    // The editor that saved version 1 cannot save over the restored default unnoticed.
    expect(await outcomeOf(() => saveTemplate(services.db, ACTOR, "order_delivered", { subject: "Late {{order.number}}", body: "x" }, 1))).toMatchObject({ ok: false, status: 409 });
  });

  it("the same event handled twice makes one mail", async () => {
    const order = await buy();
    await sendOrderConfirmation(services, order.id);
    await Promise.all([sendOrderConfirmation(services, order.id), sendOrderConfirmation(services, order.id)]);
    expect((await mailsAbout(order.number)).length).toBe(1);
  });

  it("each order event mails the shopper once: shipped with its tracking link, delivered, cash collected, refunded; and a cancellation", async () => {
    const order = await buy();
    const ship = await transitionOrder(services, ACTOR, order.id, { action: "ship", expectedVersion: await versionOf(order.id), carrier: "Delhivery", trackingNumber: "DL42" });
    expect(ship.ok).toBe(true);
    // The transition's mail again (a retried job, a second process): nothing more.
    await sendOrderNotice(services, order.id, { kind: "order_shipped" });
    expect((await transitionOrder(services, ACTOR, order.id, { action: "deliver", expectedVersion: await versionOf(order.id) })).ok).toBe(true);
    expect((await transitionOrder(services, ACTOR, order.id, { action: "collect_cod", expectedVersion: await versionOf(order.id) })).ok).toBe(true);
    await sendOrderNotice(services, order.id, { kind: "cod_confirmation" });
    const refund = await refundOrder(services, ACTOR, order.id, { amountPaise: 50_000, reason: "A dented lid.", reference: "NEFT-123", expectedVersion: await versionOf(order.id) });
    expect(refund.ok).toBe(true);

    const mails = await mailsAbout(order.number);
    const subjects = mails.map((m) => m.subject).sort();
    expect(subjects).toEqual(
      [
        `Your GLACIAL order ${order.number}`,
        `Your GLACIAL order ${order.number} has shipped`,
        `Your GLACIAL order ${order.number} was delivered`,
        `Cash payment received for GLACIAL order ${order.number}`,
        `Refund of ₹500 for GLACIAL order ${order.number}`,
      ].sort(),
    );
    const shipped = mails.find((m) => m.subject.endsWith("has shipped"))!;
    expect(shipped.text).toContain("on its way with Delhivery. The tracking number is DL42.");
    expect(shipped.text).toContain("Track your parcel: https://www.delhivery.com/");

    const other = await buy([{ variantId: bottle, quantity: 1 }], "ravi@example.in");
    expect((await transitionOrder(services, ACTOR, other.id, { action: "cancel", expectedVersion: await versionOf(other.id) })).ok).toBe(true);
    await sendOrderNotice(services, other.id, { kind: "order_cancelled", reason: "again" });
    const cancelled = (await mailsAbout(other.number)).filter((m) => m.subject.endsWith("was cancelled"));
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain("You have not been charged for it.");
  });

  it("an SMTP failure is kept on the outbox row with its tries and error", async () => {
    // A port nobody listens on: the connection is refused at once.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const p = (server.address() as net.AddressInfo).port;
        server.close(() => resolve(p));
      });
    });
    const mailer = createMailer(services.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: "t@glacial.in", log: createLogger("silent"), publicUrl: TEST_PUBLIC_URL });
    expect(await mailer.sendTemplate("abandoned_cart", "late@example.in", { "customer.name": "Late", "cart.link": `${TEST_PUBLIC_URL}/checkout` }, { eventKey: "test:smtp-down" })).toBe(true);
    expect(await mailer.sendTemplate("abandoned_cart", "late@example.in", { "customer.name": "Late" }, { eventKey: "test:smtp-down" })).toBe(false);
    const rows = await services.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, "test:smtp-down"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "failed", attempts: 1, to: "late@example.in", kind: "abandoned_cart" });
    expect(rows[0]!.error).toMatch(/ECONNREFUSED/);
  });

  describe("the screen", () => {
    const cookies = new Map<string, string>();
    const signIn = async (email: string, roles: Parameters<typeof createStaff>[2]) => {
      const user = await createStaff(services, email, roles);
      const result = await signInStaff(services, requestFrom("/admin/login", { method: "POST" }), user);
      if (result.kind !== "signed-in") throw new Error(`sign-in of ${email} failed`);
      cookies.set(email, cookieHeader(result.headers));
    };
    const post = (path: string, fields: Record<string, string>, as?: string) => postForm(services, templatesAction, path, fields, { cookie: as ? cookies.get(as) : undefined });
    const statusOf = answerOf;

    beforeAll(async () => {
      await signIn("owner@glacial.in", ["super_admin"]);
      await signIn("helper@glacial.in", ["support"]);
    });

    it("refuses without a session (401) or the right (403) before reading the body", async () => {
      const anonymous = post("/admin/email-templates?edit=password_reset&do=save", { subject: "x", body: "y", version: "0" });
      expect((await statusOf(anonymous.run)).status).toBe(401);
      expect(anonymous.read()).toBe(false);
      const support = post("/admin/email-templates?edit=password_reset&do=save", { subject: "x", body: "y", version: "0" }, "helper@glacial.in");
      expect((await statusOf(support.run)).status).toBe(403);
      expect(support.read()).toBe(false);
    });

    it("names the unknown variable on save and saves nothing; previews a draft; sends a test; restores behind its version", async () => {
      const refused = await statusOf(post("/admin/email-templates?edit=password_reset&do=save", { subject: "Reset {{user.nmae}}", body: "Go.", version: "0" }, "owner@glacial.in").run);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ ok: false, fieldErrors: { subject: "Unknown variable {{user.nmae}} in the subject." }, values: { subject: "Reset {{user.nmae}}" } });
      expect((await getTemplate(services.db, "password_reset")).customised).toBe(false);

      const preview = await statusOf(post("/admin/email-templates?edit=password_reset&do=preview", { subject: "Reset for {{user.email}}", body: "Hello from {{shop.name}}." }, "owner@glacial.in").run);
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({ ok: true, preview: { subject: "Reset for priya@glacial.in", text: expect.stringContaining("Hello from GLACIAL.") } });

      const test = await statusOf(post("/admin/email-templates?edit=password_reset&do=test", { subject: "Reset for {{user.email}}", body: "Draft words.", to: "me@glacial.in" }, "owner@glacial.in").run);
      expect(test.status).toBe(200);
      const sent = (await listOutbox(services.db)).find((m) => m.to === "me@glacial.in")!;
      expect(sent.subject).toBe("[Test] Reset for priya@glacial.in");
      expect(sent.text).toContain("Draft words.");
      const noAddress = await statusOf(post("/admin/email-templates?edit=password_reset&do=test", { subject: "S", body: "B", to: "nope" }, "owner@glacial.in").run);
      expect(noAddress.status).toBe(400);

      const save = await statusOf(post("/admin/email-templates?edit=password_reset&do=save", { subject: "New password for {{shop.name}}", body: "Use the link.", version: "0" }, "owner@glacial.in").run);
      expect(save).toMatchObject({ status: 302, location: expect.stringContaining("saved=Password%20reset%20template%20saved.") });
      const page = (await templatesLoader({ request: requestFrom("/admin/email-templates?edit=password_reset", { cookie: cookies.get("owner@glacial.in") }), context: { services }, params: {} } as never)) as {
        editor: { version: number; values: { subject: string }; preview: { subject: string } };
      };
      expect(page.editor).toMatchObject({ version: 1, values: { subject: "New password for {{shop.name}}" }, preview: { subject: "New password for GLACIAL" } });
      expect((await statusOf(post("/admin/email-templates?edit=password_reset&do=restore", { version: "0" }, "owner@glacial.in").run)).status).toBe(409);
      expect((await statusOf(post("/admin/email-templates?edit=password_reset&do=restore", { version: "1" }, "owner@glacial.in").run)).status).toBe(302);
      expect(await getTemplate(services.db, "password_reset")).toMatchObject({ customised: false, version: 2 });
      expect((await statusOf(post("/admin/email-templates?edit=nonsense&do=save", { subject: "S", body: "B", version: "0" }, "owner@glacial.in").run)).status).toBe(404);
    });
  });
});

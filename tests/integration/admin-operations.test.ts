import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collections, products } from "~/modules/catalog/schema";
import { editorValues, loadProductForEditor } from "~/modules/catalog/catalog.server";
import { faqItems } from "~/modules/content/schema";
import { loadHeroEditor } from "~/modules/merchandising/merchandising.server";
import { signInStaff } from "~/modules/staff/sign-in.server";
import { getConversationDetail, listCannedReplies, sendVisitorMessage, supportDeps } from "~/modules/support/support.server";
import { action as catalogAction } from "~/routes/admin/catalog";
import { action as catalogEditAction } from "~/routes/admin/catalog-edit";
import { action as collectionsAction } from "~/routes/admin/collections";
import { action as heroAction } from "~/routes/admin/hero-carousel";
import { action as supportAction } from "~/routes/admin/support";
import { action as cannedAction } from "~/routes/admin/support.canned-replies";
import type { AppServices } from "~/services.server";
import { testFactories, type TestFactories } from "../support/factories";
import { productEditorFields } from "../support/product-editor-form";
import { answerOf, postForm } from "../support/route-calls";
import { DRIVERS } from "../support/test-database";
import { cookieHeader, createStaff, openTestServices, requestFrom } from "../support/test-services";

// The product list and editor, collections, hero carousel, support inbox and canned replies: each
// form posts to ?do=<operation>, and the right that operation needs is checked before a byte of
// the body is read (401 signed out, 403 without the right, 400 for an operation the route does
// not have); a role with the right still gets its change made.

const ADMIN = "ops-admin@glacial.in";
const SUPPORT = "ops-support@glacial.in";
const VIEWER = "ops-viewer@glacial.in";

type Action = Parameters<typeof postForm>[1];

describe.each(DRIVERS)("admin operations checked before the body on %s", (kind) => {
  let services: AppServices;
  let made: TestFactories;
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    services = await openTestServices(kind);
    made = testFactories(services.db, { events: services.events });
    for (const [email, role] of [
      [ADMIN, "admin"],
      [SUPPORT, "support"],
      [VIEWER, "viewer"],
    ] as const) {
      const user = await createStaff(services, email, [role]);
      const result = await signInStaff(services, requestFrom("/admin/login", { method: "POST" }), user);
      if (result.kind !== "signed-in") throw new Error(`sign-in of ${email} failed`);
      cookies.set(email, cookieHeader(result.headers));
    }
  });
  afterAll(async () => {
    made?.cleanup();
    await services?.close();
  });

  const post = (action: Action, path: string, fields: Record<string, string | string[]>, as?: string, params?: Record<string, string>) =>
    postForm(services, action, path, fields, { cookie: as ? cookies.get(as) : undefined, params });

  /**
   * Every operation of `path` (and one it does not have) refused unread: signed out (401), then
   * each role named with the operations it lacks the right for (403).
   */
  async function refusedUnread(action: Action, path: string, ops: string[], forbidden: [string, string[]][], params?: Record<string, string>) {
    const fields = { id: "00000000-0000-4000-8000-000000000000", conversationId: "00000000-0000-4000-8000-000000000000", version: "1" };
    for (const op of [...ops, "toString", "nothing"]) {
      const anonymous = post(action, `${path}?do=${op}`, fields, undefined, params);
      expect([op, (await answerOf(anonymous.run)).status, anonymous.read()]).toEqual([op, 401, false]);
    }
    for (const [as, lacking] of forbidden) {
      for (const op of lacking) {
        const call = post(action, `${path}?do=${op}`, fields, as, params);
        expect([as, op, await answerOf(call.run), call.read()]).toEqual([as, op, { status: 403, body: { error: "You do not have permission to do that." } }, false]);
      }
    }
    // An operation the route does not have, from someone who may edit: refused before the body too.
    for (const op of ["toString", "constructor", "nothing", ""]) {
      const call = post(action, op ? `${path}?do=${op}` : path, fields, ADMIN, params);
      expect([op, await answerOf(call.run), call.read()]).toEqual([op, { status: 400, body: { ok: false, error: "Unknown action." } }, false]);
    }
  }

  it("the product editor: save needs catalog edit, delete catalog delete", async () => {
    const product = await made.product({ title: "Operations Bottle" });
    const params = { id: product.id };
    const path = `/admin/catalog/edit/${product.id}`;
    await refusedUnread(catalogEditAction, path, ["save", "delete"], [
      [VIEWER, ["save", "delete"]],
      [SUPPORT, ["save", "delete"]],
    ], params);

    const values = editorValues((await loadProductForEditor(services.db, product.id))!);
    const fields = productEditorFields(values, { title: "Operations Bottle Renamed" });
    const saved = post(catalogEditAction, `${path}?do=save`, fields, ADMIN, params);
    expect(await answerOf(saved.run)).toEqual({ status: 200, body: { fieldErrors: {}, error: null, saved: true } });
    expect(saved.read()).toBe(true);
    const [row] = await services.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ title: "Operations Bottle Renamed", version: values.version! + 1 });

    const deleted = await answerOf(post(catalogEditAction, `${path}?do=delete`, {}, ADMIN, params).run);
    expect([deleted.status, deleted.response?.headers.get("location")]).toEqual([302, "/admin/catalog"]);
    expect(await services.db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
  });

  it("the product list's bulk actions: status and tags need catalog edit, delete catalog delete", async () => {
    const [one, two] = [await made.product({ title: "Bulk One" }), await made.product({ title: "Bulk Two" })];
    await refusedUnread(catalogAction, "/admin/catalog", ["status", "add-tag", "remove-tag", "delete"], [
      [VIEWER, ["status", "add-tag", "remove-tag", "delete"]],
      [SUPPORT, ["status", "add-tag", "remove-tag", "delete"]],
    ]);

    // The body carries only the ticked rows and the chosen value; the operation is in the URL.
    const draft = post(catalogAction, "/admin/catalog?q=Bulk&do=status", { ids: one!.id, status: "draft" }, ADMIN);
    expect(await answerOf(draft.run)).toEqual({ status: 200, body: { ok: true, message: "Set 1 product to draft." } });
    const tagged = await answerOf(post(catalogAction, "/admin/catalog?do=add-tag", { ids: two!.id, tag: "flash-sale" }, ADMIN).run);
    expect(tagged).toEqual({ status: 200, body: { ok: true, message: "Added tag flash-sale to 1 product." } });
    const [row] = await services.db.select().from(products).where(eq(products.id, one!.id));
    expect(row!.status).toBe("draft");
    expect(await answerOf(post(catalogAction, "/admin/catalog?do=delete", { ids: "" }, ADMIN).run)).toEqual({ status: 400, body: { ok: false, error: "Invalid product id." } });
    expect(await answerOf(post(catalogAction, "/admin/catalog?do=delete", { ids: one!.id }, ADMIN).run)).toEqual({ status: 200, body: { ok: true, message: "Deleted 1 product." } });
    expect(await services.db.select().from(products).where(eq(products.id, one!.id))).toEqual([]);
  });

  it("collections: create, reorder and delete each need their own right", async () => {
    await refusedUnread(collectionsAction, "/admin/collections", ["create", "reorder", "delete"], [
      [VIEWER, ["create", "reorder", "delete"]],
      [SUPPORT, ["create", "reorder", "delete"]],
    ]);
    const created = await answerOf(post(collectionsAction, "/admin/collections?do=create", { name: "Operations", slug: "operations", isActive: "on" }, ADMIN).run);
    expect(created.status).toBe(302);
    const [row] = await services.db.select().from(collections).where(eq(collections.slug, "operations"));
    expect(created.response?.headers.get("location")).toBe(`/admin/collections/${row!.id}?created=1`);
    const bad = await answerOf(post(collectionsAction, "/admin/collections?do=create", { name: "", slug: "Not a slug!" }, ADMIN).run);
    expect(bad).toMatchObject({ status: 400, body: { ok: false, error: "Please correct the highlighted fields.", fieldErrors: { name: expect.any(String), slug: expect.any(String) } } });
    const all = await services.db.select({ id: collections.id }).from(collections);
    const reordered = await answerOf(post(collectionsAction, "/admin/collections?do=reorder", { ids: all.map((c) => c.id).reverse() }, ADMIN).run);
    expect(reordered).toEqual({ status: 200, body: { ok: true, message: "Collection order saved." } });
    expect(await answerOf(post(collectionsAction, "/admin/collections?do=delete", { id: row!.id }, ADMIN).run)).toEqual({ status: 200, body: { ok: true, message: "Collection deleted." } });
    expect(await services.db.select().from(collections).where(eq(collections.id, row!.id))).toEqual([]);
  });

  it("the hero carousel: upload and pick need merchandising create, save merchandising edit", async () => {
    await refusedUnread(heroAction, "/admin/hero-carousel", ["upload", "pick", "save"], [
      [VIEWER, ["upload", "pick", "save"]],
      [SUPPORT, ["upload", "pick", "save"]],
    ]);
    const { version } = await loadHeroEditor(services.db);
    const saved = post(heroAction, "/admin/hero-carousel?do=save", { version: String(version), images: "[]" }, ADMIN);
    expect(await answerOf(saved.run)).toMatchObject({ status: 200, body: { form: "save", ok: true, message: "Carousel emptied: the storefront shows its default images." } });
    const stale = await answerOf(post(heroAction, "/admin/hero-carousel?do=save", { version: String(version), images: "[]" }, ADMIN).run);
    expect(stale).toMatchObject({ status: 409, body: { form: "save", ok: false } });
    const noFile = await answerOf(post(heroAction, "/admin/hero-carousel?do=pick", { version: String(version + 1), mediaId: "not-an-id", alt: "x" }, ADMIN).run);
    expect(noFile).toMatchObject({ status: 400, body: { form: "pick", ok: false, fieldErrors: { mediaId: expect.any(String) } } });
  });

  it("the support inbox: reply needs support create, assign/close/reopen support edit, teaching the bot the content rights", async () => {
    const sent = await sendVisitorMessage(supportDeps(services), { conversationId: null, message: "Do you ship to Pune?", visitorInfo: { name: "Kavya" }, page: "/" }, { clientIp: "10.0.0.9", visitorId: "visitor-ops" });
    const conversationId = sent.conversationId;
    await refusedUnread(supportAction, "/admin/support", ["reply", "assign", "close", "reopen", "teach-faq", "teach-phrasing"], [
      [VIEWER, ["reply", "assign", "close", "reopen", "teach-faq", "teach-phrasing"]],
      // Support staff answer chats; the FAQ is content's, which they may not change.
      [SUPPORT, ["teach-faq", "teach-phrasing"]],
    ]);

    const reply = post(supportAction, `/admin/support?c=${conversationId}&do=reply`, { conversationId, message: "Yes, we ship across India." }, SUPPORT);
    expect(await answerOf(reply.run)).toEqual({ status: 200, body: { ok: true, form: "reply" } });
    expect(await answerOf(post(supportAction, "/admin/support?do=close", { conversationId }, SUPPORT).run)).toEqual({ status: 200, body: { ok: true, form: "close" } });
    expect((await getConversationDetail(services.db, conversationId))!.status).toBe("closed");
    expect(await answerOf(post(supportAction, "/admin/support?do=reopen", { conversationId }, SUPPORT).run)).toEqual({ status: 200, body: { ok: true, form: "reopen" } });
    expect((await getConversationDetail(services.db, conversationId))!.messages.map((m) => m.message)).toContain("Yes, we ship across India.");
    // The body is read after the right: a bad conversation id from someone allowed is still refused.
    expect((await answerOf(post(supportAction, "/admin/support?do=assign", { conversationId: "1 or 1=1" }, SUPPORT).run)).status).toBe(400);

    const taught = await answerOf(post(supportAction, "/admin/support?do=teach-faq", { conversationId, question: "Do you ship to Pune?", answer: "Yes, across India." }, ADMIN).run);
    expect(taught).toEqual({ status: 200, body: { ok: true, form: "teach-faq", message: "Added to the FAQ: “Do you ship to Pune?”." } });
    expect((await services.db.select().from(faqItems).where(eq(faqItems.question, "Do you ship to Pune?"))).length).toBe(1);
  });

  it("canned replies: adding needs support create, editing support edit, deleting support delete", async () => {
    await refusedUnread(cannedAction, "/admin/support/canned-replies", ["create", "update", "delete"], [
      [VIEWER, ["create", "update", "delete"]],
      [SUPPORT, ["delete"]],
    ]);
    const created = post(cannedAction, "/admin/support/canned-replies?do=create", { title: "Shipping", body: "Orders ship in 1-2 working days." }, SUPPORT);
    expect(await answerOf(created.run)).toEqual({ status: 200, body: { ok: true, error: null } });
    const [reply] = await listCannedReplies(services.db);
    expect(reply).toMatchObject({ title: "Shipping" });
    const updated = await answerOf(post(cannedAction, "/admin/support/canned-replies?do=update", { id: reply!.id, title: "Shipping", body: "Orders ship within 1-2 working days." }, SUPPORT).run);
    expect(updated).toEqual({ status: 200, body: { ok: true, error: null } });
    expect(await answerOf(post(cannedAction, "/admin/support/canned-replies?do=create", { title: " ", body: "x" }, SUPPORT).run)).toMatchObject({ status: 400, body: { ok: false } });
    expect(await answerOf(post(cannedAction, "/admin/support/canned-replies?do=delete", { id: reply!.id }, ADMIN).run)).toEqual({ status: 200, body: { ok: true, error: null } });
    expect(await listCannedReplies(services.db)).toEqual([]);
  });
});

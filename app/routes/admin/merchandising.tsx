import { MerchandisingScreen } from "~/components/admin/merchandising/merchandising-screen";
import { z } from "zod";
import { answer, invalid, jsonField } from "~/lib/action-result";
import { REFUSAL_STATUS } from "~/lib/save-outcome";
import { adminMeta } from "~/lib/admin-meta";
import { loadBestSellerEditor, saveBestSellers, listTumblers } from "~/modules/catalog/catalog.server";
import { TUMBLERS_LIMIT } from "~/modules/catalog/catalog";
import { saveCollectionSections, saveHomepageProducts } from "~/modules/merchandising/merchandising.server";
import { listPickableImages } from "~/modules/media/media.server";
import { readSettingForEdit } from "~/modules/settings/settings.server";
import { requireActionPermission, requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/merchandising";
import { versionField } from "~/lib/version-field";

const version = versionField;
const productsForm = z.object({
  version,
  bottles: z.coerce.number({ message: "Enter a number." }).int("Enter a whole number.").min(1, "Show at least 1 best seller.").max(48, "Show at most 48 best sellers."),
  showLoadMore: z.boolean(),
});
const bestSellersForm = z.object({
  revision: z.string(),
  productIds: z.array(z.string().uuid()).max(100, "At most 100 best sellers.").refine((ids) => new Set(ids).size === ids.length, "A product is listed twice."),
});
const tilesForm = z.object({ version, bottles: z.string().max(500), tumblers: z.string().max(500) });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "merchandising");
  const { db } = context.services;
  const [products, tiles, bestSellers, images, tumblers] = await Promise.all([
    readSettingForEdit(db, "homepage_products"),
    readSettingForEdit(db, "collection_sections"),
    loadBestSellerEditor(db),
    listPickableImages(db),
    listTumblers(db, TUMBLERS_LIMIT),
  ]);
  return {
    products,
    tiles: { version: tiles.version, bottles: tiles.value.bottles.image_url, tumblers: tiles.value.tumblers.image_url },
    bestSellers,
    images: images.map((i) => ({ url: i.fileUrl, label: i.alt || i.fileUrl.split("/").pop() || i.fileUrl })),
    tumblers: tumblers.map((t) => ({ id: t.id, name: t.name, price: t.price, image: t.image })),
  };
}

const INTENTS = { products: "edit", "best-sellers": "edit", tiles: "edit" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  // Every form here needs the same right, so it is checked before a byte of the body is read.
  const staff = await requireActionPermission(context.services, request, "merchandising", "edit");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const actor = { id: staff.user.id, email: staff.user.email };
  // Only the screen's own forms (a name every object inherits, such as toString, is none of them).
  if (!Object.hasOwn(INTENTS, intent)) return answer(intent, { ok: false, status: REFUSAL_STATUS.invalid, error: "Unknown action." });
  if (intent === "products") {
    const parsed = productsForm.safeParse({ version: form.get("version"), bottles: form.get("bottles"), showLoadMore: form.get("showLoadMore") === "on" });
    if (!parsed.success) return invalid(intent, parsed.error);
    return answer(intent, await saveHomepageProducts(context.services, actor, { bottles: parsed.data.bottles, showLoadMore: parsed.data.showLoadMore }, parsed.data.version));
  }
  if (intent === "best-sellers") {
    const parsed = bestSellersForm.safeParse({ revision: form.get("revision"), productIds: jsonField(form, "productIds") });
    if (!parsed.success) return invalid(intent, parsed.error);
    return answer(intent, await saveBestSellers(context.services, actor, parsed.data.productIds, parsed.data.revision));
  }
  const parsed = tilesForm.safeParse({ version: form.get("version"), bottles: form.get("bottles") ?? "", tumblers: form.get("tumblers") ?? "" });
  if (!parsed.success) return invalid("tiles", parsed.error);
  return answer("tiles", await saveCollectionSections(context.services, actor, parsed.data, parsed.data.version));
}

export const meta: Route.MetaFunction = () => adminMeta("Merchandising");

export default function MerchandisingPage({ loaderData, actionData }: Route.ComponentProps) {
  return <MerchandisingScreen loaderData={loaderData} actionData={actionData} />;
}

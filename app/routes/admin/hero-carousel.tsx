import { HeroCarouselScreen, heroThumb } from "~/components/admin/merchandising/hero-carousel-screen";
import { answer, invalid, jsonField } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { REFUSAL_STATUS } from "~/lib/save-outcome";
import { heroPickForm, heroSaveForm, heroUploadForm } from "~/modules/merchandising/merchandising";
import { addHeroImage, loadHeroEditor, saveHeroImages } from "~/modules/merchandising/merchandising.server";
import { requireOperation, requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/hero-carousel";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "merchandising");
  const editor = await loadHeroEditor(context.services.db);
  return {
    version: editor.version,
    images: editor.images,
    pickable: editor.pickable.map((p) => ({ id: p.id, alt: p.alt, kind: p.kind, name: p.fileUrl.split("/").pop() ?? p.fileUrl, thumb: heroThumb(p.fileUrl) })),
  };
}

// Each form posts to ?do=<operation>; the permission it needs is checked before the body is read.
const OPERATIONS = { upload: "create", pick: "create", save: "edit" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  // 401 without a session, 403 without the right, 400 for an unknown operation: all before the body.
  const { op, actor } = await requireOperation(context.services, request, "merchandising", OPERATIONS);
  const form = await request.formData();
  if (op === "upload") {
    const parsed = heroUploadForm.safeParse({ alt: form.get("alt"), version: form.get("version") });
    if (!parsed.success) return invalid("upload", parsed.error);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return answer("upload", { ok: false, status: REFUSAL_STATUS.invalid, error: "Choose an image to upload.", fieldErrors: { file: "Choose an image to upload." } });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const outcome = await addHeroImage(context.services, actor, { alt: parsed.data.alt, expectedVersion: parsed.data.version, file: { fileName: file.name, declaredType: file.type, bytes } });
    return answer("upload", outcome);
  }
  if (op === "pick") {
    const parsed = heroPickForm.safeParse({ mediaId: form.get("mediaId"), alt: form.get("alt"), version: form.get("version") });
    if (!parsed.success) return invalid("pick", parsed.error);
    return answer("pick", await addHeroImage(context.services, actor, { alt: parsed.data.alt, expectedVersion: parsed.data.version, mediaId: parsed.data.mediaId }));
  }
  const parsed = heroSaveForm.safeParse({ version: form.get("version"), images: jsonField(form, "images") });
  if (!parsed.success) return invalid("save", parsed.error);
  return answer("save", await saveHeroImages(context.services, actor, parsed.data.images, parsed.data.version));
}

export const meta: Route.MetaFunction = () => adminMeta("Hero Carousel");

export default function HeroCarouselPage({ loaderData, actionData }: Route.ComponentProps) {
  return <HeroCarouselScreen loaderData={loaderData} actionData={actionData} />;
}

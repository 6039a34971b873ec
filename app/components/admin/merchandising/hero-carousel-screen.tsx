import { ImagePlus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigation } from "react-router";
import { fieldError, fieldErrorsOf, FormResult, useSavedToast, type FormAnswer } from "~/components/admin/action-feedback";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { OperationForm } from "~/components/admin/kit/operation-form";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel } from "~/components/admin/kit/panel";
import { SortableList } from "~/components/admin/sortable-list";
import { Button } from "~/components/ui/button";
import { Field, SelectField, TextField, controlClass } from "~/components/ui/field";
import { moveItem } from "~/lib/move-item";
import { mediaUrl, ALLOWED_TYPES, MAX_UPLOAD_BYTES, uploadProblem } from "~/modules/media/media";
import { heroSaveForm } from "~/modules/merchandising/merchandising";

// /admin/hero-carousel: the home page's looping slides (reordered, re-described or removed, then
// saved together), an upload form and a pick-from-the-library form.

export type HeroCarouselData = {
  version: number;
  images: { url: string; alt: string }[];
  pickable: { id: string; alt: string; kind: string; name: string; thumb: string }[];
};

/** A slide's thumbnail: a bundled default image as it is, an uploaded one resized. */
export function heroThumb(url: string) {
  return url.startsWith("/") ? url : mediaUrl(url, { width: 240, height: 120, quality: 70, format: "webp" });
}

type Slide = { url: string; alt: string; key: string };

export function HeroCarouselScreen({ loaderData, actionData }: { loaderData: HeroCarouselData; actionData: FormAnswer }) {
  useSavedToast(actionData);
  return (
    <AdminPage width="medium">
      <PageHeader title="Hero Carousel" description="The looping slides at the top of the home page. Open home pages follow each save." />
      {/* A save, an upload or a pick changes the version: the list starts again from what is stored. */}
      <SlideList key={loaderData.version} loaderData={loaderData} actionData={actionData} />
      <div className="grid gap-6 md:grid-cols-2">
        <UploadForm key={`upload-${loaderData.version}`} version={loaderData.version} actionData={actionData} />
        <PickForm key={`pick-${loaderData.version}`} version={loaderData.version} pickable={loaderData.pickable} actionData={actionData} />
      </div>
    </AdminPage>
  );
}

function SlideList({ loaderData, actionData }: { loaderData: HeroCarouselData; actionData: FormAnswer }) {
  const busy = useNavigation().state === "submitting";
  const [slides, setSlides] = useState<Slide[]>(() => loaderData.images.map((image, i) => ({ ...image, key: `${i}-${image.url}` })));
  const payload = JSON.stringify(slides.map(({ url, alt }) => ({ url, alt })));
  // The slides live in state and are posted as one field: the check reads them from there.
  const { errors, onSubmit } = useSchemaForm(heroSaveForm, fieldErrorsOf(actionData, "save"), () => ({ version: loaderData.version, images: slides }));
  const error = (path: string) => errors[path];
  return (
    <OperationForm op="save" onSubmit={onSubmit}>
      <Panel title="Slides">
        <input type="hidden" name="version" value={loaderData.version} />
        <input type="hidden" name="images" value={payload} />
        <div className="mt-3">
          <FormResult result={actionData} form="save" />
        </div>
        {slides.length === 0 ? (
          <p className="mt-4 rounded-md bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200" role="status">
            No slides: the storefront shows its five default images until you add one.
          </p>
        ) : (
          <SortableList
            label="Hero slides, in the order they play"
            className="mt-4"
            items={slides}
            getKey={(s) => s.key}
            getLabel={(s, i) => `slide ${i + 1}${s.alt ? ` (${s.alt})` : ""}`}
            onMove={(from, to) => setSlides((list) => moveItem(list, from, to))}
            renderItem={(slide, index) => (
              <div className="flex flex-wrap items-start gap-4">
                <img src={heroThumb(slide.url)} alt="" width={240} height={120} className="h-20 w-40 rounded-md bg-slate-100 object-cover" />
                <TextField
                  className="min-w-60 flex-1"
                  label={`Alt text of slide ${index + 1}`}
                  value={slide.alt}
                  maxLength={200}
                  error={error(`images.${index}.alt`)}
                  onChange={(event) => setSlides((all) => all.map((s, i) => (i === index ? { ...s, alt: event.target.value } : s)))}
                />
                <Button variant="ghost" size="sm" className="mt-6" aria-label={`Remove slide ${index + 1}`} onClick={() => setSlides((all) => all.filter((_, i) => i !== index))}>
                  <Trash2 className="size-4" aria-hidden="true" /> Remove
                </Button>
              </div>
            )}
          />
        )}
        <div className="mt-4 flex items-center gap-3">
          <Button type="submit" variant="primary" disabled={busy}>
            Save slides
          </Button>
          <span className="text-sm text-slate-600 dark:text-slate-300">Order, alt texts and removals take effect when saved.</span>
        </div>
      </Panel>
    </OperationForm>
  );
}

function UploadForm({ version, actionData }: { version: number; actionData: FormAnswer }) {
  const busy = useNavigation().state === "submitting";
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  return (
    <OperationForm op="upload" encType="multipart/form-data">
      <Panel title="Upload a new slide" className="h-full space-y-3">
        <FormResult result={actionData} form="upload" />
        <input type="hidden" name="version" value={version} />
        <Field
          label="Image"
          hint={`JPEG, PNG, WebP or GIF, up to ${MAX_UPLOAD_BYTES / 1_048_576} MB. A wide image (2:1) fills the hero best.`}
          error={fileProblem ?? fieldError(actionData, "upload", "file")}
          render={(a11y) => (
            <input
              {...a11y}
              type="file"
              name="file"
              required
              accept={ALLOWED_TYPES.join(",")}
              className={controlClass}
              onChange={(event) => {
                const file = event.target.files?.[0];
                setFileProblem(file ? uploadProblem({ type: file.type, size: file.size }) : null);
              }}
            />
          )}
        />
        <TextField label="Alt text" name="alt" required maxLength={200} error={fieldError(actionData, "upload", "alt")} />
        <Button type="submit" variant="primary" disabled={busy || Boolean(fileProblem)}>
          <ImagePlus className="size-4" aria-hidden="true" /> Upload and add
        </Button>
      </Panel>
    </OperationForm>
  );
}

function PickForm({ version, pickable, actionData }: { version: number; pickable: HeroCarouselData["pickable"]; actionData: FormAnswer }) {
  const busy = useNavigation().state === "submitting";
  const [chosen, setChosen] = useState("");
  const picked = pickable.find((p) => p.id === chosen);
  return (
    <OperationForm op="pick">
      <Panel title="Add an existing image" className="h-full space-y-3">
        <FormResult result={actionData} form="pick" />
        <input type="hidden" name="version" value={version} />
        <SelectField label="Image" name="mediaId" value={chosen} onChange={(event) => setChosen(event.target.value)} required error={fieldError(actionData, "pick", "mediaId")}>
          <option value="">Choose an image…</option>
          {pickable.map((p) => (
            <option key={p.id} value={p.id}>
              {p.alt || p.name} ({p.kind === "site" ? "uploaded" : "product image"})
            </option>
          ))}
        </SelectField>
        {picked ? <img src={picked.thumb} alt="" width={240} height={120} className="h-24 w-48 rounded-md bg-slate-100 object-cover" /> : null}
        <TextField key={chosen} label="Alt text" name="alt" required maxLength={200} defaultValue={picked?.alt ?? ""} error={fieldError(actionData, "pick", "alt")} />
        <Button type="submit" variant="primary" disabled={busy}>
          Add to carousel
        </Button>
      </Panel>
    </OperationForm>
  );
}

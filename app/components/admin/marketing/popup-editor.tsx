import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { OperationForm } from "~/components/admin/kit/operation-form";
import { Button, buttonClass } from "~/components/ui/button";
import { FormMessage, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { POPUP_FREQUENCIES, popupForm, popupFormDefaults, type PopupView } from "~/modules/marketing/marketing";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { PopupPreview, type PopupPreviewValues } from "./popup-preview";
import { Panel } from "~/components/admin/kit/panel";

type EditedPopup = PopupView & { version: number; isActive: boolean };
type Result = { ok: boolean; message?: string; error?: string; fieldErrors?: Record<string, string> };

function previewOf(form: HTMLFormElement): PopupPreviewValues {
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? "");
  return { title: text("title"), description: text("description"), emailCollection: f.get("emailCollection") === "on", consentText: text("consentText"), ctaText: text("ctaText"), imageUrl: text("imageUrl") };
}

/** Create or edit a popup (title, text, image, call to action, email collection with its consent text, pages, delay, how often, active), beside a live preview. */
export function PopupEditor({
  popup,
  canSave,
  otherActive,
  result,
  images,
}: {
  popup: EditedPopup | null;
  canSave: boolean;
  otherActive: string[];
  result?: Result;
  images: { fileUrl: string; alt: string }[];
}) {
  const defaults = popupFormDefaults(popup ?? undefined);
  const { errors, onSubmit } = useSchemaForm(popupForm, result?.fieldErrors);
  const [preview, setPreview] = useState<PopupPreviewValues>(defaults);
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  const heading = useRef<HTMLHeadingElement>(null);
  const intent = popup ? "popup-update" : "popup-create";

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    // Saved: close the editor; the list says what happened (including any popup switched off).
    if (result?.ok) void navigate("/admin/marketing", { replace: true, preventScrollReset: true, state: { popupMessage: result.message } });
  }, [result, navigate]);

  return (
    <Panel id="popup-editor-heading" headingRef={heading} title={popup ? `Edit popup “${popup.title}”` : "New popup"}>
      {result && !result.ok ? (
        <div className="mb-4">
          <FormMessage error={result.error ?? "Please correct the fields marked below."} />
        </div>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <OperationForm op={intent} noValidate onSubmit={onSubmit} onChange={(e) => setPreview(previewOf(e.currentTarget))} className="space-y-4">
          {popup ? <input type="hidden" name="id" value={popup.id} /> : null}
          {popup ? <input type="hidden" name="version" value={popup.version} /> : null}
          <fieldset disabled={!canSave} className="space-y-4">
            <legend className="sr-only">Popup</legend>
            <TextField label="Title" name="title" defaultValue={defaults.title} error={errors.title} required maxLength={120} />
            <TextAreaField label="Description (optional)" name="description" rows={2} defaultValue={defaults.description} error={errors.description} maxLength={500} />
            <div className="space-y-1">
              <label htmlFor="popup-email-collection" className="inline-flex items-center gap-2 text-sm font-medium">
                <input id="popup-email-collection" type="checkbox" name="emailCollection" defaultChecked={defaults.emailCollection} className="size-4" />
                Collect email addresses (newsletter sign-up)
              </label>
            </div>
            <TextAreaField
              label="Consent text"
              name="consentText"
              rows={2}
              defaultValue={defaults.consentText}
              error={errors.consentText}
              hint="Shown beside an unticked checkbox; stored with each address. Required when collecting emails."
              maxLength={500}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Button text" name="ctaText" defaultValue={defaults.ctaText} error={errors.ctaText} required maxLength={60} />
              <TextField label="Button link (optional)" name="ctaLink" defaultValue={defaults.ctaLink} error={errors.ctaLink} hint="A page of the shop (/collection/matte) or https://." />
            </div>
            <TextField
              label="Image (optional)"
              name="imageUrl"
              defaultValue={defaults.imageUrl}
              error={errors.imageUrl}
              hint="Pick a stored image from the suggestions (type to filter), or paste an https:// address. Shown on desktop only. Upload images with a product first."
              list="popup-image-choices"
              autoComplete="off"
            />
            <datalist id="popup-image-choices">
              {images.map((image) => (
                <option key={image.fileUrl} value={image.fileUrl}>
                  {image.alt}
                </option>
              ))}
            </datalist>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField label="Show frequency" name="showFrequency" defaultValue={defaults.showFrequency} error={errors.showFrequency}>
                {POPUP_FREQUENCIES.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </SelectField>
              <TextField label="Delay (seconds)" name="delaySeconds" type="number" min={0} max={600} step={1} defaultValue={defaults.delaySeconds} error={errors.delaySeconds} required />
            </div>
            <TextAreaField label="Pages" name="showOnPages" rows={2} defaultValue={defaults.showOnPages} error={errors.showOnPages} hint="One per line: all, home, or a path such as /bottles." />
            <div className="space-y-1">
              <label htmlFor="popup-active" className="inline-flex items-center gap-2 text-sm font-medium">
                <input id="popup-active" type="checkbox" name="isActive" defaultChecked={defaults.isActive} aria-describedby="popup-active-note" className="size-4" />
                Active
              </label>
              <p id="popup-active-note" className="text-xs text-slate-600 dark:text-slate-400">
                Only one popup can be active.
                {otherActive.length ? ` Saving this one as active deactivates ${otherActive.map((t) => `“${t}”`).join(", ")}.` : ""}
              </p>
            </div>
          </fieldset>
          <div className="flex flex-wrap gap-2">
            {canSave ? (
              <Button type="submit" variant="primary" disabled={busy}>
                {busy ? "Saving..." : popup ? "Save popup" : "Create popup"}
              </Button>
            ) : null}
            <Link to="/admin/marketing" className={buttonClass("secondary")}>
              {canSave ? "Cancel" : "Close"}
            </Link>
          </div>
        </OperationForm>
        <PopupPreview values={preview} />
      </div>
    </Panel>
  );
}

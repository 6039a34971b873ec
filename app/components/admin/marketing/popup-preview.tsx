import { mediaUrl } from "~/modules/media/media";

export type PopupPreviewValues = {
  title: string;
  description: string;
  emailCollection: boolean;
  consentText: string;
  ctaText: string;
  imageUrl: string;
};

/**
 * How the storefront popup will look (app/components/storefront/popup-dialog.tsx), drawn inline
 * and inert: the real dialog traps focus and would take over the editor.
 */
export function PopupPreview({ values }: { values: PopupPreviewValues }) {
  const image = values.imageUrl.trim() ? mediaUrl(values.imageUrl.trim(), { width: 480, height: 480, quality: 85, format: "webp" }) : null;
  return (
    <figure aria-labelledby="popup-preview-caption" className="space-y-2 self-start lg:sticky lg:top-4">
      <figcaption id="popup-preview-caption" className="text-sm font-medium">
        Preview (desktop)
      </figcaption>
      <div inert className="grid overflow-hidden rounded-2xl border border-slate-200 bg-white text-slate-900 shadow-lg md:grid-cols-2" data-testid="popup-preview">
        {image ? <img src={image} alt="" className="hidden h-full w-full object-cover md:block" /> : null}
        <div className={`space-y-3 p-6 ${image ? "" : "md:col-span-2"}`}>
          <p className="text-xl font-bold">{values.title || "Popup title"}</p>
          {values.description ? <p className="text-sm text-slate-700">{values.description}</p> : null}
          {values.emailCollection ? (
            <div className="space-y-1">
              <span className="text-sm font-medium text-slate-800">Email address</span>
              <div className="h-9 rounded-lg border border-slate-400" />
            </div>
          ) : null}
          {values.emailCollection && values.consentText ? (
            <p className="flex items-start gap-2 text-sm text-slate-700">
              <span className="mt-0.5 inline-block size-4 shrink-0 rounded border border-slate-500" />
              {values.consentText}
            </p>
          ) : null}
          <span className="block w-full rounded-full bg-slate-900 px-6 py-2.5 text-center font-semibold text-white">{values.ctaText || "Button text"}</span>
        </div>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">On phones the image is hidden.</p>
    </figure>
  );
}

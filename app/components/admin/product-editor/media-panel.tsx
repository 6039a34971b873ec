import { ArrowDown, ArrowUp, GripVertical, Star, Trash2, Upload } from "lucide-react";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button, buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { ALLOWED_TYPES, uploadProblem } from "~/modules/media/media";
import { Panel } from "~/components/admin/kit/panel";

export type PanelImage = { id: string; src: string; alt: string; variantId: string | null; isPrimary: boolean };
type Pending = { key: string; name: string; progress: number; error: string | null; done: boolean };
type Props = { productId: string; images: PanelImage[]; variants: { id: string; title: string }[]; canDelete: boolean };

/** Sends one file with XMLHttpRequest, whose upload events give the progress bar (fetch has none). */
function sendFile(url: string, file: File, onProgress: (fraction: number) => void): Promise<{ ok: boolean; error?: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const body = xhr.response as { ok?: boolean; error?: string } | null;
      resolve(xhr.status === 200 && body?.ok ? { ok: true } : { ok: false, error: body?.error ?? `Upload failed (HTTP ${xhr.status}).` });
    };
    xhr.onerror = () => resolve({ ok: false, error: "Upload failed: the connection was lost." });
    const form = new FormData();
    form.set("file", file);
    xhr.send(form);
  });
}

export function MediaPanel({ productId, images, variants, canDelete }: Props) {
  const endpoint = (intent: string) => `/admin/catalog/edit/${productId}/media?intent=${intent}`;
  const [pending, setPending] = useState<Pending[]>([]);
  const [order, setOrder] = useState(images.map((i) => i.id));
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropActive, setDropActive] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();

  // The server's order wins whenever the images change (upload, delete, another tab).
  useEffect(() => setOrder(images.map((i) => i.id)), [images]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) toast.error(fetcher.data.error ?? "That did not work.");
  }, [fetcher.state, fetcher.data]);

  const byId = new Map(images.map((i) => [i.id, i]));
  const ordered = order.map((id) => byId.get(id)).filter((i): i is PanelImage => Boolean(i));

  const upload = async (files: FileList | File[]) => {
    const list = [...files];
    const entries = list.map((f, n) => ({ key: `${Date.now()}-${n}-${f.name}`, name: f.name, progress: 0, error: uploadProblem(f), done: false }));
    setPending((p) => [...entries, ...p]);
    await Promise.all(
      list.map(async (file, n) => {
        const entry = entries[n]!;
        if (entry.error) return;
        const result = await sendFile(endpoint("upload"), file, (progress) => setPending((p) => p.map((x) => (x.key === entry.key ? { ...x, progress } : x))));
        setPending((p) => p.map((x) => (x.key === entry.key ? { ...x, progress: 1, done: result.ok, error: result.ok ? null : result.error! } : x)));
      }),
    );
    revalidator.revalidate();
  };

  const saveOrder = (ids: string[]) => {
    setOrder(ids);
    const body = new FormData();
    for (const id of ids) body.append("ids", id);
    fetcher.submit(body, { method: "post", action: endpoint("reorder") });
  };
  // Keyboard reordering: focus follows the moved image (its buttons' labels change with its place).
  const refocus = useRef<{ id: string; by: number } | null>(null);
  const move = (id: string, by: number) => {
    const i = order.indexOf(id);
    const j = i + by;
    if (j < 0 || j >= order.length) return;
    const next = [...order];
    [next[i], next[j]] = [next[j]!, next[i]!];
    saveOrder(next);
    refocus.current = { id, by };
  };
  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const item = document.querySelector(`[data-media-id="${target.id}"]`);
    const buttons = [...(item?.querySelectorAll<HTMLButtonElement>("button[data-move]") ?? [])];
    (buttons.find((b) => b.dataset.move === String(target.by) && !b.disabled) ?? buttons.find((b) => !b.disabled))?.focus();
  }, [order]);
  const onDropImage = (e: DragEvent, target: string) => {
    e.preventDefault();
    if (!dragging || dragging === target) return;
    const next = order.filter((id) => id !== dragging);
    next.splice(next.indexOf(target), 0, dragging);
    setDragging(null);
    saveOrder(next);
  };

  return (
    <Panel id="media-title" title="Images" className="space-y-4">
      <div
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setDropActive(true);
        }}
        onDragLeave={() => setDropActive(false)}
        onDrop={(e) => {
          if (!e.dataTransfer.files.length) return;
          e.preventDefault();
          setDropActive(false);
          void upload(e.dataTransfer.files);
        }}
        className={`rounded-lg border-2 border-dashed p-6 text-center ${dropActive ? "border-teal-600 bg-teal-50 dark:bg-teal-950" : "border-slate-300 dark:border-slate-700"}`}
      >
        <Upload aria-hidden className="mx-auto size-8 text-slate-600 dark:text-slate-300" />
        <p className="mt-2 text-sm">Drop images here, or</p>
        <label htmlFor="media-upload" className={buttonClass("secondary", "md", "mt-2 cursor-pointer")}>
          Choose images
        </label>
        <input
          id="media-upload"
          ref={inputRef}
          type="file"
          multiple
          accept={ALLOWED_TYPES.join(",")}
          className="sr-only"
          onChange={(e) => {
            if (e.target.files?.length) void upload(e.target.files);
            e.target.value = "";
          }}
        />
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">JPEG, PNG, WebP or GIF, up to 10 MB each.</p>
      </div>

      {pending.length ? (
        <ul className="space-y-2" aria-label="Uploads">
          {pending.map((p) => (
            <li key={p.key} className="text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="truncate">{p.name}</span>
                <span>{p.error ? "Refused" : p.done ? "Uploaded" : `${Math.round(p.progress * 100)}%`}</span>
              </div>
              {p.error ? (
                <p role="alert" className="text-red-700 dark:text-red-400">{p.error}</p>
              ) : (
                <progress max={1} value={p.progress} aria-label={`Upload of ${p.name}`} className="h-2 w-full accent-teal-700" />
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {ordered.length === 0 ? <p className="text-sm text-slate-700 dark:text-slate-300">No images yet.</p> : null}
      <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Product images in order">
        {ordered.map((img, i) => (
          <li
            key={img.id}
            data-media-id={img.id}
            draggable
            onDragStart={(e) => {
              setDragging(img.id);
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", img.id);
            }}
            onDragOver={(e) => dragging && e.preventDefault()}
            onDrop={(e) => onDropImage(e, img.id)}
            onDragEnd={() => setDragging(null)}
            className={`rounded-lg border p-3 ${img.isPrimary ? "border-teal-600" : "border-slate-200 dark:border-slate-700"} ${dragging === img.id ? "opacity-50" : ""}`}
          >
            <div className="flex items-start gap-2">
              <GripVertical aria-hidden className="mt-1 size-4 shrink-0 cursor-grab text-slate-500" />
              <img src={img.src} alt={img.alt} width={96} height={96} className="size-24 rounded object-cover" />
              <div className="flex flex-col gap-1">
                <span className="text-sm font-medium">Image {i + 1}{img.isPrimary ? " · Primary" : ""}</span>
                <div className="flex gap-1">
                  <Button size="sm" variant="ghost" data-move="-1" onClick={() => move(img.id, -1)} disabled={i === 0} aria-label={`Move image ${i + 1} up`}>
                    <ArrowUp className="size-4" aria-hidden />
                  </Button>
                  <Button size="sm" variant="ghost" data-move="1" onClick={() => move(img.id, 1)} disabled={i === ordered.length - 1} aria-label={`Move image ${i + 1} down`}>
                    <ArrowDown className="size-4" aria-hidden />
                  </Button>
                </div>
              </div>
            </div>
            <fetcher.Form method="post" action={endpoint("details")} className="mt-2 space-y-2">
              <input type="hidden" name="mediaId" value={img.id} />
              <div>
                <label htmlFor={`alt-${img.id}`} className="block text-xs font-medium">Alt text for image {i + 1}</label>
                <input id={`alt-${img.id}`} name="alt" defaultValue={img.alt} maxLength={250} className={controlClass} />
              </div>
              <div>
                <label htmlFor={`variant-${img.id}`} className="block text-xs font-medium">Variant of image {i + 1}</label>
                <select id={`variant-${img.id}`} name="variantId" defaultValue={img.variantId ?? ""} className={controlClass}>
                  <option value="">Whole product</option>
                  {variants.map((v) => <option key={v.id} value={v.id}>{v.title}</option>)}
                </select>
              </div>
              <Button type="submit" size="sm">Save image {i + 1} details</Button>
            </fetcher.Form>
            <div className="mt-2 flex flex-wrap gap-2">
              <fetcher.Form method="post" action={endpoint("primary")}>
                <input type="hidden" name="mediaId" value={img.id} />
                <Button type="submit" size="sm" disabled={img.isPrimary}>
                  <Star className="size-4" aria-hidden /> {img.isPrimary ? "Primary image" : `Make image ${i + 1} primary`}
                </Button>
              </fetcher.Form>
              {canDelete ? (
                <fetcher.Form method="post" action={endpoint("delete")}>
                  <input type="hidden" name="mediaId" value={img.id} />
                  <Button type="submit" size="sm" variant="danger">
                    <Trash2 className="size-4" aria-hidden /> Delete image {i + 1}
                  </Button>
                </fetcher.Form>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

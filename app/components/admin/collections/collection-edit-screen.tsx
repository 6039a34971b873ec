import { ExternalLink, Search, Upload, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel, panelClass } from "~/components/admin/kit/panel";
import { LeaveGuard } from "~/components/admin/leave-guard";
import { SortableList } from "~/components/admin/sortable-list";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { Button, buttonClass } from "~/components/ui/button";
import { FormMessage, TextAreaField, TextField, controlClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { moveItem } from "~/lib/move-item";
import { collectionFormValues, collectionInput } from "~/modules/catalog/catalog";
import type { getCollectionForAdmin } from "~/modules/catalog/catalog.server";
import { mediaUrl, uploadProblem } from "~/modules/media/media";

// /admin/collections/:id: a collection's fields, its hero image (picked from the library or
// uploaded here) and its products in the collection page's order, saved together.

type Member = NonNullable<Awaited<ReturnType<typeof getCollectionForAdmin>>>["products"][number];
type LibraryImage = { id: string; fileUrl: string; alt: string };

export type CollectionEditData = {
  collection: { id: string; name: string; slug: string; description: string; isActive: boolean; heroImageId: string | null; version: number; products: Member[] };
  images: LibraryImage[];
};

/** What the editor's action answered: a save, an upload (with the new image), or a refusal. */
export type CollectionEditAnswer =
  | { ok: true; message: string; image?: LibraryImage }
  | { ok: false; error?: string; fieldErrors?: Record<string, string> }
  | undefined;

export function CollectionEditScreen({ loaderData, actionData }: { loaderData: CollectionEditData; actionData: CollectionEditAnswer }) {
  const [params] = useSearchParams();
  useEffect(() => {
    if (params.get("created")) toast.success("Collection created. Add its products and a hero image.");
  }, [params]);
  useEffect(() => {
    if (actionData?.ok) toast.success(actionData.message);
  }, [actionData]);
  // A fresh editor after each successful save (the loader's version changed).
  return <CollectionEditor key={loaderData.collection.version} loaderData={loaderData} actionData={actionData} />;
}

function CollectionEditor({ loaderData, actionData }: { loaderData: CollectionEditData; actionData: CollectionEditAnswer }) {
  const { collection } = loaderData;
  const busy = useNavigation().state === "submitting";
  const [members, setMembers] = useState<Member[]>(collection.products);
  const [heroImageId, setHeroImageId] = useState(collection.heroImageId ?? "");
  const [images, setImages] = useState(loaderData.images);
  const [fieldsChanged, setFieldsChanged] = useState(false);
  const dirty =
    fieldsChanged ||
    heroImageId !== (collection.heroImageId ?? "") ||
    members.map((m) => m.productId).join() !== collection.products.map((m) => m.productId).join();
  // The same schema as the action, read from the form the same way, so a message shows before and after a round trip.
  const { errors, onSubmit } = useSchemaForm(collectionInput, actionData && !actionData.ok ? actionData.fieldErrors : undefined, collectionFormValues);
  const formError = actionData && !actionData.ok && "error" in actionData ? actionData.error : null;

  return (
    <AdminPage width="medium">
      <PageHeader
        title={`Edit collection: ${collection.name}`}
        actions={
          <>
            <Link to="/admin/collections" className={buttonClass("secondary")}>
              All collections
            </Link>
            <a href={`/collections/${collection.slug}`} target="_blank" rel="noreferrer" className={buttonClass("secondary")}>
              <ExternalLink aria-hidden className="size-4" />
              View on storefront
            </a>
          </>
        }
      />

      <Form
        method="post"
        noValidate
        className="mt-6 space-y-6"
        // The product search box is not part of the collection: typing in it changes nothing.
        onChange={(event) => {
          if ((event.target as HTMLElement).closest("[data-collection-field]")) setFieldsChanged(true);
        }}
        onSubmit={onSubmit}
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={collection.version} />
        <input type="hidden" name="productsListed" value="1" />
        {members.map((m) => (
          <input key={m.productId} type="hidden" name="productIds" value={m.productId} />
        ))}

        {formError ? (
          <div className="space-y-2">
            <FormMessage error={formError} />
            {formError.includes("someone else") ? (
              <a href={`/admin/collections/${collection.id}`} className={buttonClass("secondary", "sm")}>
                Reload
              </a>
            ) : null}
          </div>
        ) : null}

        <LeaveGuard dirty={dirty && !busy} subject="This collection" />
        <div data-collection-field className={cn(panelClass, "grid gap-4 sm:grid-cols-2")}>
          <TextField label="Name" name="name" defaultValue={collection.name} error={errors.name} />
          <TextField label="Slug" name="slug" defaultValue={collection.slug} error={errors.slug} hint="The page is /collections/<slug>." />
          <TextAreaField label="Description" name="description" rows={3} defaultValue={collection.description} error={errors.description} className="sm:col-span-2" />
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" name="isActive" defaultChecked={collection.isActive} className="size-4" />
            Active (shown on the storefront)
          </label>
        </div>

        <HeroImagePicker images={images} selected={heroImageId} onSelect={setHeroImageId} onUploaded={(image) => setImages((list) => [image, ...list])} error={errors.heroImageId} />

        <ProductsEditor members={members} setMembers={setMembers} error={errors.productIds} />

        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? "Saving..." : "Save collection"}
          </Button>
        </div>
      </Form>
    </AdminPage>
  );
}

function HeroImagePicker({
  images,
  selected,
  onSelect,
  onUploaded,
  error,
}: {
  images: LibraryImage[];
  selected: string;
  onSelect: (id: string) => void;
  onUploaded: (image: LibraryImage) => void;
  error?: string;
}) {
  const upload = useFetcher<CollectionEditAnswer>();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const result = upload.data;
    if (!result || upload.state !== "idle") return;
    if (result.ok && "image" in result && result.image) {
      const image = result.image;
      onUploaded(image);
      onSelect(image.id);
      setUploadError(null);
      toast.success("Image uploaded and chosen as the hero image.");
    } else if (!result.ok && "error" in result) setUploadError(result.error ?? "The upload failed.");
  }, [upload.data, upload.state]);

  return (
    <fieldset className={panelClass}>
      <legend className="px-1 text-lg font-semibold">Hero image</legend>
      <p className="text-sm text-slate-600 dark:text-slate-300">Shown on the home page's collection scroller and at the top of the collection page (800 x 600).</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label htmlFor="hero-upload" className="text-sm font-medium">
          Upload a new image
        </label>
        <input
          id="hero-upload"
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (!file) return;
            // The same rules and messages as the server, before sending.
            const problem = uploadProblem(file);
            if (problem) {
              setUploadError(problem);
              event.currentTarget.value = "";
              return;
            }
            setUploadError(null);
            const body = new FormData();
            body.set("intent", "upload");
            body.set("file", file);
            upload.submit(body, { method: "post", encType: "multipart/form-data" });
          }}
        />
        {upload.state !== "idle" ? (
          <span role="status" className="inline-flex items-center gap-1 text-sm">
            <Upload aria-hidden className="size-4" /> Uploading...
          </span>
        ) : null}
      </div>
      {uploadError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {uploadError}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div role="radiogroup" aria-label="Choose the hero image" className="mt-4 grid max-h-80 grid-cols-3 gap-3 overflow-y-auto p-1 sm:grid-cols-5 md:grid-cols-6">
        <label className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-slate-200 p-2 text-center text-xs has-[:checked]:border-teal-600 has-[:checked]:ring-2 has-[:checked]:ring-teal-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-teal-600 dark:border-slate-700">
          <input type="radio" name="heroImageId" value="" checked={selected === ""} onChange={() => onSelect("")} className="sr-only" />
          <span className="flex aspect-[4/3] w-full items-center justify-center rounded bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">No image</span>
          No image
        </label>
        {images.map((image, i) => (
          <label
            key={image.id}
            className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-slate-200 p-2 text-xs has-[:checked]:border-teal-600 has-[:checked]:ring-2 has-[:checked]:ring-teal-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-teal-600 dark:border-slate-700"
          >
            <input type="radio" name="heroImageId" value={image.id} checked={selected === image.id} onChange={() => onSelect(image.id)} className="sr-only" />
            <img src={mediaUrl(image.fileUrl, { width: 160, height: 120, format: "webp" })} alt="" width={160} height={120} loading="lazy" className="aspect-[4/3] w-full rounded object-cover" />
            <span className="w-full truncate">{image.alt || `Image ${i + 1}`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type SearchHit = { id: string; title: string; sku: string | null; status: string };

function ProductsEditor({ members, setMembers, error }: { members: Member[]; setMembers: (update: (list: Member[]) => Member[]) => void; error?: string }) {
  const search = useFetcher<{ products: SearchHit[] }>();
  const [query, setQuery] = useState("");
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const timer = window.setTimeout(() => search.load(`/admin/search?q=${encodeURIComponent(q)}`), 250);
    return () => window.clearTimeout(timer);
  }, [query]);
  const hits = query.trim() ? (search.data?.products ?? []) : [];
  const inCollection = new Set(members.map((m) => m.productId));

  return (
    <Panel title={`Products (${members.length})`} description={<>The collection page's &ldquo;Featured&rdquo; order. Drag a row or use its arrow buttons; changes apply when you save.</>}>
      {error ? (
        <div className="mb-2">
          <FormMessage error={error} />
        </div>
      ) : null}

      <div className="mt-4">
        <label htmlFor="product-search" className="block text-sm font-medium">
          Add products
        </label>
        <div className="relative mt-1">
          <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-500" />
          <input
            id="product-search"
            type="search"
            value={query}
            placeholder="Search by title or SKU"
            autoComplete="off"
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              // Enter searches; it must not submit the collection form.
              if (e.key === "Enter") e.preventDefault();
            }}
            className={`${controlClass} pl-9`}
          />
        </div>
        {query.trim() ? (
          <ul aria-label="Search results" className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
            {hits.length === 0 ? (
              <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-300">{search.state !== "idle" ? "Searching..." : "No products found."}</li>
            ) : (
              hits.map((hit) => (
                <li key={hit.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span>
                    {hit.title} <span className="text-slate-600 dark:text-slate-300">{hit.sku ? `· ${hit.sku}` : ""} · {hit.status}</span>
                  </span>
                  <Button
                    size="sm"
                    disabled={inCollection.has(hit.id)}
                    aria-label={inCollection.has(hit.id) ? `${hit.title} is in the collection` : `Add ${hit.title}`}
                    onClick={() => {
                      setMembers((list) => [...list, { productId: hit.id, title: hit.title, status: hit.status as Member["status"], sku: hit.sku, sortOrder: list.length }]);
                      setAnnouncement(`${hit.title} added at position ${members.length + 1}.`);
                    }}
                  >
                    {inCollection.has(hit.id) ? "Added" : "Add"}
                  </Button>
                </li>
              ))
            )}
          </ul>
        ) : null}
      </div>

      <div className="mt-4">
        {members.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No products in this collection yet.</p>
        ) : (
          <SortableList
            label="Products in collection order"
            items={members}
            getKey={(m) => m.productId}
            getLabel={(m) => m.title}
            onMove={(from, to) => setMembers((list) => moveItem(list, from, to))}
            renderItem={(m) => (
              <div className="flex items-center justify-between gap-3">
                <span className="text-sm">
                  <span className="font-medium">{m.title}</span>{" "}
                  <span className="text-slate-600 dark:text-slate-300">
                    {m.sku ? `· ${m.sku} ` : ""}· {m.status}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${m.title}`}
                  onClick={() => {
                    setMembers((list) => list.filter((x) => x.productId !== m.productId));
                    setAnnouncement(`${m.title} removed.`);
                  }}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              </div>
            )}
          />
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </Panel>
  );
}

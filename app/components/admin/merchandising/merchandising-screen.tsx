import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { fieldError, FormResult, useSavedToast, type FormAnswer } from "~/components/admin/action-feedback";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel } from "~/components/admin/kit/panel";
import { SortableList } from "~/components/admin/sortable-list";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { moveItem } from "~/lib/move-item";
import { LOAD_MORE_BATCH, TUMBLERS_LIMIT, TUMBLERS_TITLE_MATCH } from "~/modules/catalog/catalog";
import type { loadBestSellerEditor } from "~/modules/catalog/catalog.server";
import { mediaUrl } from "~/modules/media/media";

// /admin/merchandising: what the home page shows — the Best Seller section's size, the best
// sellers and their order, the two collection tiles, and a preview of the rule-made Tumblers row.

export type MerchandisingData = {
  products: { version: number; value: { bottles: number; show_load_more: boolean } };
  tiles: { version: number; bottles: string; tumblers: string };
  bestSellers: Awaited<ReturnType<typeof loadBestSellerEditor>>;
  images: { url: string; label: string }[];
  tumblers: { id: string; name: string; price: string; image: string }[];
};

export function MerchandisingScreen({ loaderData, actionData }: { loaderData: MerchandisingData; actionData: FormAnswer }) {
  useSavedToast(actionData);
  const busy = useNavigation().state === "submitting";
  const { products, tiles } = loaderData;
  return (
    <AdminPage width="medium">
      <PageHeader
        title="Merchandising"
        description={
          <>
            What the home page shows. Open home pages follow each save. The hero slides are on the{" "}
            <Link to="/admin/hero-carousel" className="text-teal-800 underline dark:text-teal-300">
              Hero Carousel
            </Link>{" "}
            page.
          </>
        }
      />

      <Form method="post" key={`products-${products.version}`}>
        <Panel title="Best Seller section" className="space-y-4">
          <FormResult result={actionData} form="products" />
          <input type="hidden" name="intent" value="products" />
          <input type="hidden" name="version" value={products.version} />
          <TextField
            label="Best sellers shown at first"
            name="bottles"
            type="number"
            min={1}
            max={48}
            required
            defaultValue={products.value.bottles}
            className="max-w-xs"
            error={fieldError(actionData, "products", "bottles")}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="showLoadMore" defaultChecked={products.value.show_load_more} className="size-4" />
            Show the &lsquo;Load More Bottles&rsquo; button (adds {LOAD_MORE_BATCH} at a time while more remain)
          </label>
          <Button type="submit" variant="primary" disabled={busy}>
            Save Best Seller section
          </Button>
        </Panel>
      </Form>

      <BestSellerEditor key={loaderData.bestSellers.revision} editor={loaderData.bestSellers} actionData={actionData} />

      <Form method="post" key={`tiles-${tiles.version}`}>
        <Panel title="Collection tiles" className="space-y-4">
          <FormResult result={actionData} form="tiles" />
          <input type="hidden" name="intent" value="tiles" />
          <input type="hidden" name="version" value={tiles.version} />
          <div className="grid gap-6 md:grid-cols-2">
            <TileField name="bottles" label="Bottle Collection image" current={tiles.bottles} images={loaderData.images} error={fieldError(actionData, "tiles", "bottles")} />
            <TileField name="tumblers" label="Tumbler Collection image" current={tiles.tumblers} images={loaderData.images} error={fieldError(actionData, "tiles", "tumblers")} />
          </div>
          <Button type="submit" variant="primary" disabled={busy}>
            Save collection tiles
          </Button>
        </Panel>
      </Form>

      <Panel
        id="tumblers-preview"
        title="Premium Tumblers (preview)"
        description={
          <>
            Set by a rule, not by hand: active products whose title contains &lsquo;{TUMBLERS_TITLE_MATCH}&rsquo; (any case), in sort order then newest first, at most {TUMBLERS_LIMIT}. To change it,
            rename or (de)activate products. The home page shows:
          </>
        }
      >
        {loaderData.tumblers.length === 0 ? (
          <p className="text-sm">No product matches: the section is hidden.</p>
        ) : (
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Tumblers the home page shows">
            {loaderData.tumblers.map((t) => (
              <li key={t.id} className="rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700">
                <img src={t.image} alt="" width={160} height={160} className="aspect-square w-full rounded bg-slate-100 object-cover" loading="lazy" />
                <p className="mt-2 font-medium">{t.name}</p>
                <p className="text-slate-600 dark:text-slate-300">{t.price}</p>
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </AdminPage>
  );
}

function TileField({ name, label, current, images, error }: { name: string; label: string; current: string; images: { url: string; label: string }[]; error?: string }) {
  const [value, setValue] = useState(current);
  const options = images.some((i) => i.url === current) || !current ? images : [{ url: current, label: "Current image" }, ...images];
  return (
    <div className="space-y-2">
      <SelectField label={label} name={name} value={value} onChange={(event) => setValue(event.target.value)} error={error}>
        <option value="">No image (placeholder)</option>
        {options.map((i) => (
          <option key={i.url} value={i.url}>
            {i.label}
          </option>
        ))}
      </SelectField>
      <img
        src={mediaUrl(value, { width: 400, height: 300, quality: 70, format: "webp" })}
        alt=""
        width={400}
        height={300}
        className="aspect-[4/3] w-full max-w-xs rounded-md bg-slate-100 object-cover"
      />
    </div>
  );
}

type Editor = MerchandisingData["bestSellers"];

function BestSellerEditor({ editor, actionData }: { editor: Editor; actionData: FormAnswer }) {
  const busy = useNavigation().state === "submitting";
  const [list, setList] = useState(editor.current);
  const [adding, setAdding] = useState("");
  const others = [...editor.current, ...editor.others].filter((p) => !list.some((l) => l.id === p.id)).sort((a, b) => a.title.localeCompare(b.title));
  return (
    <Form method="post">
      <Panel title="Best sellers and their order" description="Only active products appear on the storefront; drafts and archived ones keep their place for later.">
        <div className="mt-3">
          <FormResult result={actionData} form="best-sellers" />
        </div>
        <input type="hidden" name="intent" value="best-sellers" />
        <input type="hidden" name="revision" value={editor.revision} />
        <input type="hidden" name="productIds" value={JSON.stringify(list.map((p) => p.id))} />
        {list.length === 0 ? (
          <p className="mt-4 text-sm">No best sellers: the home page says &lsquo;No products available at the moment&rsquo;.</p>
        ) : (
          <SortableList
            label="Best sellers, in home page order"
            className="mt-4"
            items={list}
            getKey={(p) => p.id}
            getLabel={(p) => p.title}
            onMove={(from, to) => setList((list) => moveItem(list, from, to))}
            renderItem={(p, index) => (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="mr-2 text-sm text-slate-600 tabular-nums dark:text-slate-400">{index + 1}.</span>
                  <span className="font-medium">{p.title}</span>
                  {p.status !== "active" ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{p.status}</span> : null}
                </span>
                <Button size="sm" variant="ghost" aria-label={`Remove ${p.title} from best sellers`} onClick={() => setList((all) => all.filter((x) => x.id !== p.id))}>
                  <Trash2 className="size-4" aria-hidden="true" /> Remove
                </Button>
              </div>
            )}
          />
        )}
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <SelectField label="Add a product" value={adding} onChange={(event) => setAdding(event.target.value)} className="min-w-72">
            <option value="">Choose a product…</option>
            {others.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
                {p.status !== "active" ? ` (${p.status})` : ""}
              </option>
            ))}
          </SelectField>
          <Button
            disabled={!adding}
            onClick={() => {
              const product = others.find((p) => p.id === adding);
              if (product) setList((all) => [...all, product]);
              setAdding("");
            }}
          >
            <Plus className="size-4" aria-hidden="true" /> Add to best sellers
          </Button>
        </div>
        <div className="mt-4">
          <Button type="submit" variant="primary" disabled={busy}>
            Save best sellers
          </Button>
        </div>
      </Panel>
    </Form>
  );
}

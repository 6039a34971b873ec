import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useCartActions } from "~/components/cart/cart-context";
import { EARLY_OPTION, earlyTap, type EarlyVariant } from "~/lib/early-taps";
import { formatPaise } from "~/lib/money";
import { TOP_SALE_BANNER, ENGRAVING_MAX_LENGTH, DEFAULT_WARRANTY, FREE_SHIPPING_THRESHOLD_PAISE, type ImageView, type ProductOptionView, type VariantView, clampQuantity, quantityCap, defaultVariant, findVariant, galleryFor, isValueAvailable, normaliseEngraving, optionDisplay, stockState } from "~/modules/catalog/catalog";
import { warrantyTitle } from "~/modules/content/content";

export type ProductPageData = {
  id: string;
  slug: string;
  title: string;
  descriptionHtml: string;
  badge: string | null;
  topSale: boolean;
  options: ProductOptionView[];
  variants: VariantView[];
  images: ImageView[];
  parent: { name: string; path: string };
};

export function ProductPage({
  product,
  freeShippingOverPaise = FREE_SHIPPING_THRESHOLD_PAISE,
  warranty = DEFAULT_WARRANTY,
}: {
  product: ProductPageData;
  freeShippingOverPaise?: number;
  /** The warranty setting ("2 years"), the same statement the service strip and FAQ print. */
  warranty?: string;
}) {
  const { addItem } = useCartActions();
  // ?variant=<id> (the Google feed's links) opens on that variant, so the price and stock shown
  // are the ones the feed's item states; otherwise the first variant in stock.
  const [searchParams] = useSearchParams();
  const [selection, setSelection] = useState<Record<string, string>>(() => {
    const linked = product.variants.find((v) => v.id === searchParams.get("variant"));
    return { ...(linked ?? defaultVariant(product.variants))?.optionValues };
  });
  const [engraving, setEngraving] = useState("");
  const [quantity, setQuantity] = useState(1);
  const [imageIndex, setImageIndex] = useState(0);
  const variant = findVariant(product.variants, selection);
  const gallery = galleryFor(product.images, variant?.id);
  const shown = gallery[Math.min(imageIndex, gallery.length - 1)];
  const stock = variant ? stockState(variant.stock) : null;
  const canBuy = Boolean(variant && variant.stock > 0);

  // A new variant shows its own first picture and cannot keep a quantity above its stock.
  const variantId = variant?.id;
  const variantStock = variant?.stock ?? 0;
  useEffect(() => {
    setImageIndex(0);
    if (variantId) setQuantity((q) => clampQuantity(q, variantStock));
  }, [variantId, variantStock]);

  // What a tap on Add to Cart adds before the page's code has run (lib/early-taps.ts): each variant
  // in stock with the line React would add for it; the script reads the choices on screen.
  const earlyVariants: EarlyVariant[] = product.variants
    .filter((v) => v.stock > 0 && v.pricePaise > 0)
    .map((v) => ({
      options: v.optionValues,
      stock: v.stock,
      line: { productId: product.id, variantId: v.id, title: product.title, variantTitle: v.title || "Default", price: v.pricePaise, image: galleryFor(product.images, v.id)[0]?.cartImage ?? "", sku: v.sku, slug: product.slug },
    }));

  function addToCart() {
    if (!variant || !canBuy) return;
    addItem({
      productId: product.id,
      variantId: variant.id,
      title: product.title,
      variantTitle: variant.title || "Default",
      price: variant.pricePaise,
      quantity: clampQuantity(quantity, variant.stock),
      image: gallery[0]?.cartImage ?? "",
      sku: variant.sku,
      slug: product.slug,
      engraving: normaliseEngraving(engraving),
    });
  }

  return (
    <div id="main" className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/" className="hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={product.parent.path} className="hover:underline">
              {product.parent.name}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page">{product.title}</li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <section aria-label="Product images">
          <div className="relative overflow-hidden rounded-xl bg-slate-100">
            <img
              src={shown?.src ?? "/placeholder.svg"}
              srcSet={shown?.srcSet}
              sizes="(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)"
              alt={shown?.alt ?? product.title}
              width={640}
              height={640}
              fetchPriority="high"
              className="aspect-square w-full object-cover"
              data-testid="product-main-image"
            />
            {product.badge ? (
              <span className="absolute left-3 top-3 rounded-full bg-red-700 px-3 py-1 text-xs font-bold text-white">{product.badge}</span>
            ) : null}
            {product.topSale ? (
              <span className="absolute inset-x-0 bottom-0 bg-slate-900 py-2 text-center text-sm font-bold tracking-wide text-white">{TOP_SALE_BANNER}</span>
            ) : null}
          </div>
          {gallery.length > 1 ? (
            <ul className="mt-4 flex flex-wrap gap-3">
              {gallery.map((image, i) => (
                <li key={image.id}>
                  <button
                    type="button"
                    onClick={() => setImageIndex(i)}
                    aria-pressed={shown?.id === image.id}
                    aria-label={`Show image ${i + 1} of ${gallery.length}: ${image.alt}`}
                    className={`block overflow-hidden rounded-md border-2 ${shown?.id === image.id ? "border-slate-900" : "border-transparent"}`}
                  >
                    <img src={image.thumb} srcSet={image.thumbSrcSet} alt="" width={80} height={80} loading="lazy" className="h-20 w-20 object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section aria-labelledby="product-title">
          <h1 id="product-title" className="text-3xl font-bold text-slate-900">
            {product.title}
          </h1>
          <p className="mt-3 text-2xl" data-testid="product-price">
            {variant ? (
              <>
                <span className="font-semibold text-slate-900">{formatPaise(variant.pricePaise)}</span>{" "}
                {variant.compareAtPricePaise ? (
                  <s className="text-lg text-slate-600">
                    <span className="sr-only">Original price </span>
                    {formatPaise(variant.compareAtPricePaise)}
                  </s>
                ) : null}
              </>
            ) : (
              <span className="text-base text-slate-700">This combination is not available.</span>
            )}
          </p>
          <p className="text-sm text-slate-700">Inclusive of all taxes</p>

          {product.options.map((option) => (
            <OptionPicker
              key={option.name}
              option={option}
              selected={selection[option.name]}
              isAvailable={(value) => isValueAvailable(product.variants, selection, option.name, value)}
              onChange={(value) => setSelection((s) => ({ ...s, [option.name]: value }))}
            />
          ))}

          {stock ? (
            <p
              className={`mt-6 font-medium ${stock.kind === "out" ? "text-red-700" : stock.kind === "low" ? "text-amber-800" : "text-green-800"}`}
              data-testid="stock-state"
            >
              {stock.label}
            </p>
          ) : null}

          <EngravingField value={engraving} onChange={setEngraving} />

          <div className="mt-6 flex flex-wrap items-end gap-4">
            <QuantityStepper value={quantity} max={variant ? quantityCap(variant.stock) : 1} onChange={setQuantity} />
            <button
              type="button"
              onClick={addToCart}
              disabled={!canBuy}
              {...earlyTap("add-product", { variants: earlyVariants })}
              className="flex-1 rounded-full bg-brand px-8 py-3 font-semibold text-white hover:bg-slate-800 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:text-slate-900"
            >
              {canBuy ? "Add to Cart" : "Out of stock"}
            </button>
          </div>

          <ul className="mt-8 grid gap-2 rounded-lg bg-slate-50 p-4 text-sm text-slate-800">
            <li>
              <strong>{warrantyTitle(warranty)}</strong> against manufacturer's defects
            </li>
            <li>
              <strong>Free shipping</strong> on orders over {formatPaise(freeShippingOverPaise)}
            </li>
            <li>Cold for up to 24 hours, hot for up to 12 hours</li>
          </ul>

          <section aria-labelledby="description-heading" className="mt-8">
            <h2 id="description-heading" className="text-xl font-semibold text-slate-900">
              Description
            </h2>
            <div className="prose-content mt-3 space-y-3 text-slate-800 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-6" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
          </section>
        </section>
      </div>
    </div>
  );
}

function OptionPicker({
  option,
  selected,
  isAvailable,
  onChange,
}: {
  option: ProductOptionView;
  selected: string | undefined;
  isAvailable: (value: string) => boolean;
  onChange: (value: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="mt-6" {...{ [EARLY_OPTION]: option.name }}>
      <legend className="text-sm font-semibold text-slate-900">
        {/* A choice tapped before hydration has already written its name here (lib/early-taps.ts):
            React keeps that text instead of failing the page's hydration over it, and writes the
            same once the choice reaches its state. */}
        {option.name}: <span className="font-normal" suppressHydrationWarning>{selected ?? "choose one"}</span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {option.values.map((value) => {
          const display = optionDisplay(value);
          const available = isAvailable(value);
          return (
            <label key={value} className="relative cursor-pointer" title={value}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={selected === value}
                onChange={() => onChange(value)}
                className="peer sr-only"
                aria-describedby={available ? undefined : `${name}-unavailable`}
              />
              {display.kind === "swatch" ? (
                <span
                  aria-hidden="true"
                  data-swatch={value}
                  className="block h-9 w-9 rounded-full border border-slate-400 ring-offset-2 peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-blue-700"
                  style={{ backgroundColor: display.colour }}
                />
              ) : (
                <span className="block rounded-full border border-slate-400 px-4 py-2 text-sm text-slate-900 peer-checked:border-slate-900 peer-checked:bg-slate-900 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700">
                  {value}
                </span>
              )}
              {display.kind === "swatch" ? <span className="sr-only">{value}</span> : null}
              {available ? null : <span className="absolute -bottom-1 left-1/2 h-0.5 w-8 -translate-x-1/2 -rotate-45 bg-slate-700" aria-hidden="true" />}
            </label>
          );
        })}
      </div>
      <span id={`${name}-unavailable`} className="sr-only">
        Not available with the other choices
      </span>
    </fieldset>
  );
}

function EngravingField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="mt-6">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        Engraving (optional)
      </label>
      <input
        id={id}
        type="text"
        value={value}
        maxLength={ENGRAVING_MAX_LENGTH}
        onChange={(e) => onChange(e.target.value.slice(0, ENGRAVING_MAX_LENGTH))}
        aria-describedby={`${id}-count`}
        placeholder="Up to 20 characters"
        className="mt-2 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900"
      />
      <p id={`${id}-count`} className="mt-1 text-right text-sm text-slate-700" data-testid="engraving-count">
        {value.length}/{ENGRAVING_MAX_LENGTH} characters
      </p>
    </div>
  );
}

function QuantityStepper({ value, max, onChange }: { value: number; max: number; onChange: (value: number) => void }) {
  const id = useId();
  const set = (n: number) => onChange(Math.min(max, Math.max(1, Number.isFinite(n) ? Math.floor(n) : 1)));
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        Quantity
      </label>
      <div className="mt-2 flex items-center rounded-full border border-slate-400">
        <button type="button" onClick={() => set(value - 1)} disabled={value <= 1} aria-label="Decrease quantity" {...earlyTap("step-down")} className="h-11 w-11 rounded-full text-lg disabled:text-slate-400">
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          onChange={(e) => set(Number(e.target.value))}
          className="w-12 border-0 bg-transparent text-center text-slate-900 [appearance:textfield]"
        />
        <button type="button" onClick={() => set(value + 1)} disabled={value >= max} aria-label="Increase quantity" {...earlyTap("step-up")} className="h-11 w-11 rounded-full text-lg disabled:text-slate-400">
          +
        </button>
      </div>
    </div>
  );
}

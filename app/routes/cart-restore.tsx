import { useEffect, useRef, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { useCart } from "~/components/cart/cart-context";
import { LinkProblem } from "~/components/ui/link-problem";
import { CART_COOKIE, cartCookie, decodeCartCookie, readCookie } from "~/lib/cart/cart-cookie";
import { mergeRestoredItems, mergeRestoredRefs, type RestoredItem } from "~/lib/cart/restore";
import { pageMeta } from "~/lib/meta";
import { formatPaise } from "~/lib/money";
import { cartToRestore } from "~/modules/orders/orders.server";
import type { Route } from "./+types/cart-restore";

// /cart/restore/:token: the link of an abandoned-cart reminder. The server checks the saved lines
// against today's catalogue (gone or sold-out lines left out, quantities lowered to what can be
// bought, each with a notice) and writes them into the cart cookie, which is what checkout reads
// when no script runs. With script, the browser cart (localStorage) is the source the cookie is
// written from, so this page hands the lines to it once, then goes on to checkout; prices are
// never taken from here: checkout prices the cart again.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const restore = await cartToRestore(context.services.db, params.token);
  const headers = new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  if (!restore.ok) return data({ ok: false as const, reason: restore.reason, items: [], notices: [] }, { status: restore.reason === "expired" ? 410 : 404, headers });
  const items: RestoredItem[] = restore.lines.map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    title: l.title,
    variantTitle: l.variantTitle,
    price: l.pricePaise,
    quantity: l.quantity,
    image: "",
    sku: l.sku,
    slug: l.slug,
    ...(l.engraving ? { engraving: l.engraving } : {}),
  }));
  const inCookie = decodeCartCookie(readCookie(request.headers.get("Cookie"), CART_COOKIE));
  const lines = mergeRestoredRefs(inCookie === "overflow" ? [] : inCookie, items);
  headers.append("Set-Cookie", cartCookie(lines, context.services.config.publicUrl.startsWith("https:")));
  return data({ ok: true as const, reason: null, items, notices: restore.notices }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => pageMeta({ title: "Your cart", description: "The cart you left at checkout.", noindex: true });

export default function CartRestore({ loaderData }: Route.ComponentProps) {
  const { ok, items: restored, notices } = loaderData;
  const { items, hydrated, replaceItems } = useCart();
  const navigate = useNavigate();
  const handing = useRef(false);
  const [handed, setHanded] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // Once the stored cart has been read: the restored lines join it, once (a reload joins nothing more).
  useEffect(() => {
    if (!ok || !hydrated || handing.current) return;
    handing.current = true;
    replaceItems(mergeRestoredItems(items, restored));
    setHanded(true);
  }, [ok, hydrated, items, restored, replaceItems]);

  // The render after: the cart holds the lines, so the cookie checkout reads is written from it
  // before leaving (the cart's own write of the same lines follows).
  useEffect(() => {
    if (!handed) return;
    document.cookie = cartCookie(items, window.location.protocol === "https:");
    // With something to say, the shopper reads it here first and goes on with the button.
    if (notices.length === 0) void navigate("/checkout", { replace: true });
    else heading.current?.focus();
    // Only once, when the lines have been handed over: `items` and `notices` are read as they are then.
  }, [handed]);

  if (!ok) {
    return (
      <LinkProblem
        title={loaderData.reason === "expired" ? "This link has expired" : "This link does not work"}
        links={[
          { to: "/all-products", label: "Browse all products" },
          { to: "/cart", label: "Your cart" },
        ]}
      >
        {loaderData.reason === "expired"
          ? "The link in a cart reminder works for 30 days. The products are still in the shop:"
          : "The link may have been copied only in part. The products are still in the shop:"}
      </LinkProblem>
    );
  }
  return (
    <div id="main" className="mx-auto max-w-2xl px-4 py-12">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-slate-900 outline-none">
        {restored.length ? "Your cart is back" : "Nothing to put back"}
      </h1>
      {notices.length ? (
        <div role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="restore-notices">
          <ul className="list-disc space-y-1 pl-5">
            {notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {restored.length ? (
        <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Items put back in your cart">
          {restored.map((line) => (
            <li key={`${line.variantId}-${line.engraving ?? ""}`} className="flex justify-between gap-4 p-3">
              <span>
                {line.title}
                {line.variantTitle && line.variantTitle !== "Default" ? ` (${line.variantTitle})` : ""}
                {line.engraving ? ` · Engraving: ${line.engraving}` : ""} × {line.quantity}
              </span>
              <span className="text-slate-700">{formatPaise(line.price * line.quantity)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-800">None of the items from that checkout can be bought now.</p>
      )}
      <p className="mt-4 text-sm text-slate-700">Prices are today&apos;s; checkout confirms them again.</p>
      <p className="mt-6 flex flex-wrap gap-6">
        {restored.length ? (
          <Link to="/checkout" replace className="rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand/90">
            Continue to checkout
          </Link>
        ) : null}
        <Link to="/all-products" className="self-center font-semibold text-brand underline">
          Browse all products
        </Link>
      </p>
    </div>
  );
}

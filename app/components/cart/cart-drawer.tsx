import { ShoppingBag } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { itemCountLabel } from "~/lib/cart/cart";
import { formatPaise } from "~/lib/money";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { useCart } from "./cart-context";
import { CartLines, CartNotices } from "./cart-lines";
import { useCartPriceCheck } from "./use-cart-price-check";

// The cart drawer: opens from the right.
export function CartDrawer() {
  const { items, totalItems, subtotal, isOpen, setOpen } = useCart();
  const { notices, failed } = useCartPriceCheck(isOpen);
  const close = () => setOpen(false);
  // The root loader carries the shipping setting's threshold with the rest of the storefront chrome.
  const root = useRouteLoaderData("root") as { storefront?: { freeShippingOverPaise?: number } | null } | undefined;
  const freeOver = root?.storefront?.freeShippingOverPaise ?? 499_900;
  return (
    <Sheet open={isOpen} onOpenChange={setOpen}>
      <SheetContent side="right" closeLabel="Close cart" aria-describedby="cart-drawer-count">
        <div className="border-b border-slate-200 px-6 py-5 pr-14">
          <SheetTitle className="text-xl font-bold">Your Cart</SheetTitle>
          <SheetDescription id="cart-drawer-count" className="text-sm text-slate-600">
            {itemCountLabel(totalItems)}
          </SheetDescription>
        </div>
        <div className="flex-1 overflow-y-auto px-6">
          <div className="pt-4 empty:hidden">
            <CartNotices notices={notices} failed={failed} />
          </div>
          {items.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center gap-4 py-16 text-center">
              <ShoppingBag className="size-12 text-slate-400" aria-hidden="true" />
              <p className="text-lg font-semibold">Your cart is empty</p>
              <SheetClose asChild>
                <Link to="/all-products" className="rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand/90">
                  Continue Shopping
                </Link>
              </SheetClose>
            </div>
          ) : (
            <CartLines onNavigate={close} />
          )}
        </div>
        <div className="space-y-3 border-t border-slate-200 px-6 py-5">
          <div className="flex items-center justify-between text-lg font-semibold">
            <span>Subtotal</span>
            <span data-testid="drawer-subtotal">{formatPaise(subtotal)}</span>
          </div>
          <p className="text-xs text-slate-600">Prices include GST. Free shipping on orders over {formatPaise(freeOver)}.</p>
          {items.length > 0 ? (
            <SheetClose asChild>
              <Link to="/checkout" className="block rounded-full bg-brand px-6 py-3 text-center font-semibold text-white hover:bg-brand/90">
                Proceed to Checkout
              </Link>
            </SheetClose>
          ) : null}
          <SheetClose asChild>
            <Link to="/cart" className="block rounded-full border border-brand px-6 py-3 text-center font-semibold text-brand hover:bg-slate-50">
              View and Edit Cart
            </Link>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}

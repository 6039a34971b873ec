import { Outlet, useNavigation } from "react-router";
import { Toaster } from "sonner";
import { CartProvider } from "~/components/cart/cart-context";

// Pathless layout of the storefront pages built in this branch: the cart context, the toasts, and
// the 'Loading...' indicator shown while a client navigation loads the next screen's code and data
// (spec section 2). At merge this folds into the storefront layout of app/root.tsx.
export default function StorefrontLayout() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  return (
    <CartProvider>
      <div role="status" aria-live="polite" className={loading ? "fixed inset-x-0 top-0 z-50 bg-brand py-1 text-center text-sm font-medium text-white" : "sr-only"}>
        {loading ? "Loading..." : ""}
      </div>
      <Outlet />
      <Toaster position="bottom-right" theme="system" />
    </CartProvider>
  );
}

export function HydrateFallback() {
  return <p className="p-8 text-center text-slate-700">Loading...</p>;
}

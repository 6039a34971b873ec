import { useNavigation } from "react-router";
import { CartProvider, useCartActions, useCartSummary } from "~/components/cart/cart-context";
import { ChatLauncher } from "~/components/support/chat-launcher";
import type { MenuItem } from "~/modules/content/content";
import { StorefrontFooter, type StoreContact } from "./footer";
import { StorefrontHeader } from "./header";
import { HydrateWhenNear } from "./hydrate-when-near";
import { CartPanelLoading } from "./loading-panels";
import { StorefrontPopup } from "./popup";
import { ScrollToTop } from "./scroll-to-top";
import { pagePathOf, pathKindOf } from "~/lib/path-kinds";
import { useDeferredModule } from "~/lib/use-deferred-module";

// The drawer's code (Radix Dialog and the lines) loads the first time the cart opens, keeping it
// out of every page's initial JavaScript; until it is there, the cart's loading panel answers the
// tap in its own frame.
const loadCartDrawer = () => import("~/components/cart/cart-drawer").then((m) => m.CartDrawer);

function LazyCartDrawer() {
  const { isOpen, totalItems } = useCartSummary();
  const { setOpen } = useCartActions();
  const CartDrawer = useDeferredModule(loadCartDrawer, isOpen);
  if (CartDrawer) return <CartDrawer />;
  return isOpen ? <CartPanelLoading count={totalItems} onClose={() => setOpen(false)} /> : null;
}

export const DEFAULT_CONTACT: StoreContact = { store_name: "GLACIAL", phone: "+91 80 4718 2200", email: "care@glacial.in" };

/** Paths that show no storefront chrome: the back office, and the maintenance page. */
export function hasStorefrontChrome(pathname: string): boolean {
  if (pathKindOf(pathname) !== "storefront") return false;
  const page = pagePathOf(pathname);
  return page !== "/maintenance" && !page.startsWith("/maintenance/");
}

/**
 * The storefront layout: sticky header, the page in <main>, footer, cart drawer, scroll-to-top,
 * the support chat slot and the popup. Pages render their content without their own <main>.
 */
export function StorefrontShell({ menu, contact, children }: { menu: MenuItem[] | null; contact: StoreContact | null; children: React.ReactNode }) {
  const navigation = useNavigation();
  return (
    <CartProvider>
      <a href="#main-content" className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      {navigation.state === "loading" ? (
        <div role="status" className="fixed inset-x-0 top-0 z-[60] bg-brand-accent py-1 text-center text-xs font-semibold text-white">
          Loading...
        </div>
      ) : null}
      <StorefrontHeader menu={menu} />
      <main id="main-content" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <HydrateWhenNear>
        <StorefrontFooter contact={contact ?? DEFAULT_CONTACT} />
      </HydrateWhenNear>
      <LazyCartDrawer />
      <ScrollToTop />
      <ChatLauncher />
      <StorefrontPopup />
    </CartProvider>
  );
}

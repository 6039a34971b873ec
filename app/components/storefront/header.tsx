import { ChevronDown, Heart, Menu, Search, ShoppingBag, User } from "lucide-react";
import { lazy, memo, Suspense, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { useCartActions, useCartSummary } from "~/components/cart/cart-context";
import { earlyTap, type EarlyMenuItem } from "~/lib/early-taps";
import { useDeferredModule } from "~/lib/use-deferred-module";
import { FALLBACK_MENU, type MenuItem } from "~/modules/content/content";
import { MenuPanelLoading } from "./loading-panels";
import { CHEVRON_CLASS, TOP_LINK_CLASS, TRIGGER_CLASS } from "./nav-classes";

// The storefront header: sticky; desktop mega-menus (hover delay 200 ms, skip
// delay 300 ms); a left drawer with a single-open accordion on mobile; the fallback menu.
// The mobile drawer's code loads on its first opening (after the frame its loading panel answers in).
const loadMobileDrawer = () => import("./mobile-drawer").then((m) => m.MobileDrawer);
// The desktop mega-menus' code loads only on a screen wide enough to show them: on a phone the
// menu is hidden, and hydrating it cost a synchronous render of the whole page after hydration
// (the menu's layout effects), which a phone pays as blocking time.
const DesktopMenus = lazy(() => import("./desktop-navigation").then((m) => ({ default: m.DesktopNavigation })));
const DESKTOP_QUERY = "(min-width: 768px)";

const iconLink = "relative inline-flex size-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-accent";

export function StorefrontHeader({ menu }: { menu: MenuItem[] | null }) {
  const items = menu?.length ? menu : FALLBACK_MENU;
  const { totalItems } = useCartSummary();
  const { setOpen } = useCartActions();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const MobileDrawer = useDeferredModule(loadMobileDrawer, drawerOpen);
  // What the menu shows when it is opened before the page's code has run (lib/early-taps.ts). Made
  // once per menu: the header renders again with every cart change (its count), and writing the
  // menu out as JSON each time was part of Add to Cart's work.
  const earlyMenuAttrs = useMemo(() => {
    const earlyMenu: EarlyMenuItem[] = items.map((item) =>
      item.type === "megamenu" ? { label: item.label, url: item.url, links: item.sections.flatMap((s) => s.links.map((l) => ({ label: l.label, url: l.url }))) } : { label: item.label, url: item.url },
    );
    return earlyTap("menu", { menu: earlyMenu });
  }, [items]);
  const cartLabel = totalItems > 0 ? `Cart, ${totalItems} ${totalItems === 1 ? "item" : "items"}` : "Cart";

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <button type="button" className={`${iconLink} md:hidden`} aria-label="Open menu" onClick={() => setDrawerOpen(true)} {...earlyMenuAttrs}>
          <Menu className="size-6" aria-hidden="true" />
        </button>
        <Link to="/" className="mr-4 text-2xl font-black tracking-[0.2em] text-brand focus-visible:outline-2 focus-visible:outline-brand-accent" aria-label="GLACIAL home">
          GLACIAL
        </Link>

        <DesktopNavigation items={items} />

        <div className="ml-auto flex items-center gap-1">
          <Link to="/search" className={iconLink} aria-label="Search">
            <Search className="size-5" aria-hidden="true" />
          </Link>
          <Link to="/search" className={`${iconLink} hidden sm:inline-flex`} aria-label="Wishlist">
            <Heart className="size-5" aria-hidden="true" />
          </Link>
          <Link to="/login" className={iconLink} aria-label="Account">
            <User className="size-5" aria-hidden="true" />
          </Link>
          <button type="button" className={iconLink} aria-label={cartLabel} onClick={() => setOpen(true)} {...earlyTap("cart")}>
            <ShoppingBag className="size-5" aria-hidden="true" />
            {totalItems > 0 ? (
              <span
                className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-brand-accent px-1 text-xs font-bold text-white"
                data-testid="cart-count"
                aria-hidden="true"
              >
                {totalItems > 99 ? "99+" : totalItems}
              </span>
            ) : null}
          </button>
        </div>
      </div>
      {MobileDrawer ? (
        <MobileDrawer items={items} open={drawerOpen} onOpenChange={setDrawerOpen} />
      ) : drawerOpen ? (
        <MenuPanelLoading items={items} onClose={() => setDrawerOpen(false)} />
      ) : null}
    </header>
  );
}

/**
 * The desktop menu bar: its plain links and triggers as the server sends them (what a phone keeps,
 * hidden), replaced by the mega-menus once the screen is wide enough and their code has arrived.
 * The switch is made in an effect, so it is an ordinary update after hydration, not part of it.
 * Memoised: the header renders again with each change of the cart's count; the menu does not change.
 */
const DesktopNavigation = memo(function DesktopNavigation({ items }: { items: MenuItem[] }) {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(DESKTOP_QUERY);
    if (query.matches) {
      setWide(true);
      return;
    }
    const onChange = () => {
      if (query.matches) setWide(true);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  const plain = <PlainDesktopNavigation items={items} />;
  return wide ? (
    <Suspense fallback={plain}>
      <DesktopMenus items={items} />
    </Suspense>
  ) : (
    plain
  );
});

/** The same boxes as the mega-menus' bar (so nothing moves when they take over), without their code. */
function PlainDesktopNavigation({ items }: { items: MenuItem[] }) {
  return (
    <nav aria-label="Main" className="relative hidden md:flex">
      <div style={{ position: "relative" }}>
        <ul className="flex items-center gap-1">
          {items.map((item) => (
            <li key={item.id}>
              {item.type === "megamenu" ? (
                <button type="button" aria-expanded={false} className={TRIGGER_CLASS}>
                  {item.label}
                  <ChevronDown className={CHEVRON_CLASS} aria-hidden="true" />
                </button>
              ) : (
                <Link to={item.url} className={TOP_LINK_CLASS}>
                  {item.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

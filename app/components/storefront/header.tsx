import { ChevronDown, Heart, Menu, Search, ShoppingBag, User } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { lazy, memo, Suspense, useMemo, useState } from "react";
import { Link } from "react-router";
import { useCartActions, useCartSummary } from "~/components/cart/cart-context";
import { earlyTap, type EarlyMenuItem } from "~/lib/early-taps";
import { FALLBACK_MENU, type MenuItem } from "~/modules/content/content";
import { MenuPanelLoading } from "./loading-panels";

// The storefront header: sticky; desktop mega-menus (hover delay 200 ms, skip
// delay 300 ms); a left drawer with a single-open accordion on mobile; the fallback menu.
// The mobile drawer's code loads on its first opening.
const MobileDrawer = lazy(() => import("./mobile-drawer").then((m) => ({ default: m.MobileDrawer })));

export const NAV_DELAY_MS = 200;
export const NAV_SKIP_DELAY_MS = 300;

const iconLink = "relative inline-flex size-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-accent";

export function StorefrontHeader({ menu }: { menu: MenuItem[] | null }) {
  const items = menu?.length ? menu : FALLBACK_MENU;
  const { totalItems } = useCartSummary();
  const { setOpen } = useCartActions();
  const [drawerOpen, setDrawerOpenState] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const setDrawerOpen = (open: boolean) => {
    if (open) setDrawerUsed(true);
    setDrawerOpenState(open);
  };
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
      {drawerOpen || drawerUsed ? (
        <Suspense fallback={drawerOpen ? <MenuPanelLoading items={items} onClose={() => setDrawerOpen(false)} /> : null}>
          <MobileDrawer items={items} open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}

// Not rendered again when the cart's count changes (the menu is the same).
const DesktopNavigation = memo(function DesktopNavigation({ items }: { items: MenuItem[] }) {
  return (
    <NavigationMenu.Root delayDuration={NAV_DELAY_MS} skipDelayDuration={NAV_SKIP_DELAY_MS} className="relative hidden md:flex" aria-label="Main">
      <NavigationMenu.List className="flex items-center gap-1">
        {items.map((item) =>
          item.type === "megamenu" ? (
            <NavigationMenu.Item key={item.id}>
              <NavigationMenu.Trigger className="group inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-accent data-[state=open]:bg-slate-100">
                {item.label}
                <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className="w-[min(90vw,44rem)] p-6">
                <div className="grid grid-cols-2 gap-8 lg:grid-cols-3">
                  {item.sections.map((section) => (
                    <div key={section.title}>
                      <p className="text-xs font-bold tracking-wider text-slate-600 uppercase">{section.title}</p>
                      <ul className="mt-3 space-y-2">
                        {section.links.map((link) => (
                          <li key={`${link.url}-${link.label}`}>
                            <NavigationMenu.Link asChild>
                              <Link to={link.url} className="text-sm text-slate-800 hover:text-brand-accent hover:underline">
                                {link.label}
                              </Link>
                            </NavigationMenu.Link>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                  {item.url ? (
                    <NavigationMenu.Link asChild>
                      <Link to={item.url} className="self-end text-sm font-semibold text-brand underline">
                        Shop all {item.label}
                      </Link>
                    </NavigationMenu.Link>
                  ) : null}
                </div>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          ) : (
            <NavigationMenu.Item key={item.id}>
              <NavigationMenu.Link asChild>
                <Link to={item.url} className="inline-flex rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-accent">
                  {item.label}
                </Link>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
          ),
        )}
      </NavigationMenu.List>
      <div className="absolute top-full left-0 flex justify-center pt-2">
        <NavigationMenu.Viewport className="relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl data-[state=closed]:hidden" />
      </div>
    </NavigationMenu.Root>
  );
});


import { ChevronDown } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { Link } from "react-router";
import type { MenuItem } from "~/modules/content/content";
import { CHEVRON_CLASS, TOP_LINK_CLASS, TRIGGER_CLASS } from "./nav-classes";

export const NAV_DELAY_MS = 200;
export const NAV_SKIP_DELAY_MS = 300;

/** The desktop mega-menus: opened on hover after 200 ms, moving between them without the delay for 300 ms. */
export function DesktopNavigation({ items }: { items: MenuItem[] }) {
  return (
    <NavigationMenu.Root delayDuration={NAV_DELAY_MS} skipDelayDuration={NAV_SKIP_DELAY_MS} className="relative hidden md:flex" aria-label="Main">
      <NavigationMenu.List className="flex items-center gap-1">
        {items.map((item) =>
          item.type === "megamenu" ? (
            <NavigationMenu.Item key={item.id}>
              <NavigationMenu.Trigger className={TRIGGER_CLASS}>
                {item.label}
                <ChevronDown className={CHEVRON_CLASS} aria-hidden="true" />
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
                <Link to={item.url} className={TOP_LINK_CLASS}>
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
}

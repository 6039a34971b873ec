import { ChevronDown, Menu } from "lucide-react";
import type { MenuItem } from "~/modules/content/content";

// A static picture of the storefront header for the menu editor: the desktop bar with each
// mega-menu's panel opened beneath it, and the mobile drawer's accordion. Links are plain text
// here so the preview never leaves the editor.

export function MenuPreview({ items }: { items: MenuItem[] }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="desktop-preview">
        <h3 id="desktop-preview" className="font-semibold">
          Desktop preview
        </h3>
        <div data-testid="desktop-preview" className="mt-2 rounded-lg border border-slate-200 bg-white text-slate-900 dark:border-slate-700">
          <div className="flex flex-wrap items-center gap-1 border-b border-slate-200 px-3 py-2">
            <span className="mr-3 font-black tracking-[0.2em] text-brand">GLACIAL</span>
            {items.map((item) => (
              <span key={item.id} className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold">
                {item.label || "(no label)"}
                {item.type === "megamenu" ? <ChevronDown className="size-3.5" aria-hidden="true" /> : null}
              </span>
            ))}
          </div>
          {items.map((item) =>
            item.type === "megamenu" ? (
              <div key={item.id} className="border-b border-slate-100 px-4 py-3 last:border-0">
                <p className="text-xs text-slate-600">{item.label || "(no label)"} opens:</p>
                <div className="mt-2 grid grid-cols-2 gap-4 lg:grid-cols-3">
                  {item.sections.map((section, s) => (
                    <div key={s}>
                      <p className="text-xs font-bold tracking-wider text-slate-600 uppercase">{section.title || "(no title)"}</p>
                      <ul className="mt-1 space-y-1 text-sm">
                        {section.links.map((link, l) => (
                          <li key={l}>{link.label || "(no label)"}</li>
                        ))}
                      </ul>
                    </div>
                  ))}
                  {item.url ? <p className="self-end text-sm font-semibold text-brand underline">Shop all {item.label}</p> : null}
                </div>
              </div>
            ) : null,
          )}
        </div>
      </section>
      <section aria-labelledby="mobile-preview">
        <h3 id="mobile-preview" className="font-semibold">
          Mobile preview
        </h3>
        <div data-testid="mobile-preview" className="mt-2 w-72 rounded-2xl border-4 border-slate-800 bg-white p-4 text-slate-900">
          <div className="flex items-center gap-2">
            <Menu className="size-5" aria-hidden="true" />
            <span className="font-black tracking-[0.2em] text-brand">GLACIAL</span>
          </div>
          <ul className="mt-3 divide-y divide-slate-200 text-sm">
            {items.map((item) =>
              item.type === "megamenu" ? (
                <li key={item.id}>
                  <details className="py-2">
                    <summary className="cursor-pointer font-medium">{item.label || "(no label)"}</summary>
                    {item.sections.map((section, s) => (
                      <div key={s} className="mt-2 pl-2">
                        <p className="text-xs font-bold tracking-wider text-slate-600 uppercase">{section.title || "(no title)"}</p>
                        <ul>
                          {section.links.map((link, l) => (
                            <li key={l} className="py-1">
                              {link.label || "(no label)"}
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </details>
                </li>
              ) : (
                <li key={item.id} className="py-2 font-medium">
                  {item.label || "(no label)"}
                </li>
              ),
            )}
          </ul>
        </div>
      </section>
    </div>
  );
}

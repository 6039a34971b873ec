import { Link } from "react-router";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import type { MenuItem } from "~/modules/content/content";

/** The mobile navigation: a left drawer with a single-open, collapsible accordion. */
export function MobileDrawer({ items, open, onOpenChange }: { items: MenuItem[]; open: boolean; onOpenChange(open: boolean): void }) {
  const linkClass = "block py-3 font-medium text-slate-900 hover:text-brand-accent";
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" width="max-w-xs" className="p-6" closeLabel="Close menu">
        <SheetTitle className="text-xl font-black tracking-[0.2em] text-brand">GLACIAL</SheetTitle>
        <SheetDescription className="sr-only">Shop navigation</SheetDescription>
        <nav aria-label="Mobile" className="mt-6 overflow-y-auto">
          <Accordion type="single" collapsible>
            {items.map((item) =>
              item.type === "megamenu" ? (
                <AccordionItem key={item.id} value={item.id}>
                  <AccordionTrigger>{item.label}</AccordionTrigger>
                  <AccordionContent>
                    {item.sections.map((section) => (
                      <div key={section.title} className="mb-3">
                        <p className="text-xs font-bold tracking-wider text-slate-600 uppercase">{section.title}</p>
                        <ul>
                          {section.links.map((link) => (
                            <li key={`${link.url}-${link.label}`}>
                              <SheetClose asChild>
                                <Link to={link.url} className="block py-2 text-slate-800 hover:text-brand-accent">
                                  {link.label}
                                </Link>
                              </SheetClose>
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                    {item.url ? (
                      <SheetClose asChild>
                        <Link to={item.url} className="block py-2 font-semibold text-brand underline">
                          Shop all {item.label}
                        </Link>
                      </SheetClose>
                    ) : null}
                  </AccordionContent>
                </AccordionItem>
              ) : (
                <div key={item.id} className="border-b border-slate-200">
                  <SheetClose asChild>
                    <Link to={item.url} className={linkClass}>
                      {item.label}
                    </Link>
                  </SheetClose>
                </div>
              ),
            )}
          </Accordion>
          <SheetClose asChild>
            <Link to="/login" className={`${linkClass} mt-4`}>
              Account
            </Link>
          </SheetClose>
        </nav>
      </SheetContent>
    </Sheet>
  );
}

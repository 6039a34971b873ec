import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";

export type FaqEntry = { id: string; question: string; answer: string };

/**
 * 'Frequently Asked Questions': single-open, collapsible. Written as plain disclosure buttons
 * rather than the Radix accordion: on a phone the accordion's six items each scheduled updates
 * from their layout effects as the page hydrated, and React ran them as one synchronous render
 * right after hydration (part of one long task on a slow CPU). The answers are in the page's HTML
 * (hidden until opened), so they are there for search engines and before any script runs.
 */
export function HomeFaq({ items }: { items: FaqEntry[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="faq-heading" className="render-when-near mx-auto max-w-3xl px-4 py-12">
      <h2 id="faq-heading" className="text-center text-3xl font-bold">
        Frequently Asked Questions
      </h2>
      <div className="mt-8">
        {items.map((item, index) => {
          const open = openId === item.id;
          const triggerId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div key={item.id} className="border-b border-slate-200">
              <h3 className="flex">
                <button
                  type="button"
                  id={triggerId}
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setOpenId(open ? null : item.id)}
                  className="flex flex-1 items-center justify-between gap-4 py-4 text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-brand-accent"
                >
                  {item.question}
                  <ChevronDown className={`size-4 shrink-0 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden="true" />
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={triggerId} hidden={!open} className="pb-4 text-slate-700">
                {item.answer}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}

import { Headphones, ShieldCheck, Truck } from "lucide-react";
import { warrantyTitle } from "~/modules/content/content";

/**
 * The service strip: warranty (the one warranty setting), free shipping over the
 * threshold of the shipping setting (₹4999 by default, written without a thousands separator), 24/7 support.
 */
export function ServiceStrip({ warranty, freeShippingOverPaise = 499_900 }: { warranty: string; freeShippingOverPaise?: number }) {
  const items = [
    { icon: ShieldCheck, title: warrantyTitle(warranty), text: "Against manufacturer's defects" },
    { icon: Truck, title: "Free shipping", text: `Free for orders over ₹${Math.round(freeShippingOverPaise / 100)}` },
    { icon: Headphones, title: "Online support", text: "24 hours a day, 7 days a week" },
  ];
  return (
    <section aria-label="Our promise" className="render-when-near bg-slate-100">
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-10 md:grid-cols-3">
        {items.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex items-center gap-4">
            <Icon className="size-10 shrink-0 text-brand-accent" aria-hidden="true" />
            <div>
              <p className="font-bold text-slate-900">{title}</p>
              <p className="text-sm text-slate-700">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

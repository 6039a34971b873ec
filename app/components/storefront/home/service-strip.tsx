import { Headphones, ShieldCheck, Truck } from "lucide-react";

/** The service strip (spec section 2): warranty, free shipping over ₹4999, 24/7 support. */
export function ServiceStrip() {
  const items = [
    { icon: ShieldCheck, title: "2 year warranty", text: "Against manufacturer's defects" },
    { icon: Truck, title: "Free shipping", text: "Free for orders over ₹4999" },
    { icon: Headphones, title: "Online support", text: "24 hours a day, 7 days a week" },
  ];
  return (
    <section aria-label="Our promise" className="bg-slate-100">
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

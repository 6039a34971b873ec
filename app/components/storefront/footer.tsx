import { Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import { NewsletterForm } from "./newsletter-form";
import { PaymentLogos } from "./payment-logos";

export type StoreContact = { store_name: string; phone: string; email: string };

const HELPFUL_LINKS = [
  { label: "Contact", to: "/contact" },
  { label: "FAQs", to: "/faq" },
  { label: "Cookies Policy", to: "/cookies-policy" },
  { label: "Privacy Policy", to: "/privacy-policy" },
  { label: "Return & Refund Policy", to: "/return-policy" },
  { label: "Shipping Policy", to: "/shipping-policy" },
  { label: "Terms of Service", to: "/terms-of-service" },
];

const ABOUT_LINKS = [
  { label: "All Products", to: "/all-products" },
  { label: "Water Bottles", to: "/bottles" },
  { label: "Tumblers", to: "/tumblers" },
  { label: "Accessories", to: "/accessories" },
  { label: "Our Story", to: "/about" },
];

const linkClass = "text-slate-300 hover:text-white hover:underline";

export function StorefrontFooter({ contact }: { contact: StoreContact }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-brand text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-2xl font-black tracking-[0.2em] text-white">GLACIAL</p>
          <p className="mt-3 text-sm text-slate-300">Premium insulated stainless-steel bottles and tumblers, designed in India.</p>
          <ul className="mt-4 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <Phone className="size-4" aria-hidden="true" />
              <a href={`tel:${contact.phone.replace(/\s+/g, "")}`} className={linkClass}>
                {contact.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Mail className="size-4" aria-hidden="true" />
              <a href={`mailto:${contact.email}`} className={linkClass}>
                {contact.email}
              </a>
            </li>
          </ul>
        </div>
        <LinkColumn id="footer-helpful" title="Helpful Links" links={HELPFUL_LINKS} />
        <LinkColumn id="footer-about" title="About Us" links={ABOUT_LINKS} />
        <NewsletterForm />
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 md:flex-row md:items-center md:justify-between">
          <p className="text-sm text-slate-300">
            © {year} {contact.store_name}. All rights reserved.
          </p>
          <PaymentLogos />
        </div>
      </div>
    </footer>
  );
}

function LinkColumn({ id, title, links }: { id: string; title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-white">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={linkClass}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

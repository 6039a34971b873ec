// The six payment methods of the footer. They are image files loaded when the footer nears the
// screen, not inline SVG: drawn inline, their lettering (SVG text, one glyph in Devanagari) was laid
// out with the rest of the page in its first layout, on every storefront page, for a footer the
// shopper has not scrolled to. And WebP drawn from the SVGs at three times their size, not the SVGs
// themselves: each SVG image is a document the browser lays out and paints on the main thread
// (scripts/raster-images.ts draws them).
export const PAYMENT_LOGOS: { name: string; file: string; width: number }[] = [
  { name: "Google Pay", file: "google-pay", width: 64 },
  { name: "PhonePe", file: "phonepe", width: 80 },
  { name: "Paytm", file: "paytm", width: 64 },
  { name: "BHIM UPI", file: "bhim-upi", width: 80 },
  { name: "Visa", file: "visa", width: 56 },
  { name: "MasterCard", file: "mastercard", width: 56 },
];

export function PaymentLogos() {
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="We accept">
      {PAYMENT_LOGOS.map((logo) => (
        <li key={logo.name}>
          <img
            src={`/payment/${logo.file}.webp`}
            alt={logo.name}
            width={logo.width}
            height={40}
            loading="lazy"
            decoding="async"
            className="rounded-md border border-slate-200 bg-white"
          />
        </li>
      ))}
    </ul>
  );
}

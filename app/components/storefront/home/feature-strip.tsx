const FEATURES = [
  { src: "/features/cold.svg", alt: "Keeps drinks cold for up to 24 hours" },
  { src: "/features/hot.svg", alt: "Keeps drinks hot for up to 12 hours" },
  { src: "/features/wall-mounted.svg", alt: "Wall-mounted bottle holder" },
  { src: "/features/bpa-free.svg", alt: "BPA-free food-grade stainless steel" },
];

/** The strip of four feature images: cold, hot, wall-mounted, BPA-free. */
export function FeatureStrip() {
  return (
    <section aria-label="Why GLACIAL" className="render-when-near mx-auto max-w-7xl px-4 py-12">
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {FEATURES.map((f) => (
          <li key={f.src}>
            <img src={f.src} alt={f.alt} width={600} height={600} loading="lazy" decoding="async" className="aspect-square w-full rounded-2xl" />
          </li>
        ))}
      </ul>
    </section>
  );
}

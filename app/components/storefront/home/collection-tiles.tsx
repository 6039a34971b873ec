import { Link } from "react-router";

/** The two-tile Bottle Collection / Tumbler Collection section (images from collection_sections). */
export function CollectionTiles({ bottles, tumblers }: { bottles: string; tumblers: string }) {
  const tiles = [
    { title: "Bottle Collection", to: "/bottles", image: bottles },
    { title: "Tumbler Collection", to: "/tumblers", image: tumblers },
  ];
  return (
    <section aria-label="Shop by type" className="mx-auto grid max-w-7xl gap-6 px-4 py-12 md:grid-cols-2">
      {tiles.map((t) => (
        <Link key={t.to} to={t.to} className="group relative block overflow-hidden rounded-2xl bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-accent">
          <img src={t.image} alt="" width={800} height={600} loading="lazy" decoding="async" className="aspect-[4/3] w-full object-cover transition-transform group-hover:scale-105" />
          <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/85 to-transparent px-6 pt-12 pb-6 text-2xl font-bold text-white">{t.title}</span>
        </Link>
      ))}
    </section>
  );
}

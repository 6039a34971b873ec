import { listBestSellers } from "~/modules/catalog/listing.server";
import { getSetting } from "~/modules/settings/settings.server";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.services;
  const config = await getSetting(db, "homepage_products");
  const { cards, total } = await listBestSellers(db, { offset: 0, limit: config.bottles });
  return { bestSellers: cards, total };
}

export const meta: Route.MetaFunction = () => [
  { title: "Home | GLACIAL - Premium Insulated Water Bottles" },
  { name: "description", content: "Premium insulated stainless-steel bottles and tumblers: cold 24 hours, hot 12 hours." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">GLACIAL</h1>
      <section aria-labelledby="best-seller" className="mt-10">
        <h2 id="best-seller" className="text-2xl font-semibold">Best Seller</h2>
        {loaderData.bestSellers.length === 0 ? (
          <p>No products available at the moment</p>
        ) : (
          <ul className="mt-6 grid grid-cols-2 gap-6 md:grid-cols-4">
            {loaderData.bestSellers.map((p) => (
              <li key={p.id}>
                <a href={`/product/${p.slug}`} className="block">
                  <img src={p.image} alt={p.name} width={512} height={512} className="aspect-square w-full rounded-lg bg-slate-100" />
                  <p className="mt-2 font-medium">{p.name}</p>
                  <p>
                    {p.price} {p.oldPrice ? <s className="text-slate-500">{p.oldPrice}</s> : null}
                  </p>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

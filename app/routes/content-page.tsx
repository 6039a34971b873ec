import { data } from "react-router";
import { pageMeta } from "~/lib/meta";
import { getContentPage, isContentPageSlug } from "~/modules/content/content.server";
import type { Route } from "./+types/content-page";

// /about, /contact, /faq and the policy pages: text from content_pages, Markdown rendered sanitised.
export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  if (!isContentPageSlug(slug)) throw data(null, { status: 404 });
  const page = await getContentPage(context.services.db, slug);
  if (!page) throw data(null, { status: 404 });
  return { page: { title: page.title, html: page.html, description: page.description }, canonical: `${context.services.config.publicUrl}/${slug}` };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return pageMeta({ title: "Page not found", noindex: true });
  return pageMeta({ title: data.page.title, description: data.page.description, canonical: data.canonical, type: "article" });
};

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <div id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{page.title}</h1>
      <div
        className="mt-6 space-y-4 leading-relaxed text-slate-800 [&_a]:text-brand [&_a]:underline [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6"
        // Rendered from Markdown and sanitised on the server (app/lib/markdown.server.ts).
        dangerouslySetInnerHTML={{ __html: page.html }}
      />
    </div>
  );
}

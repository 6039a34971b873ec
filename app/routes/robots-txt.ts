import { robotsTxt } from "~/lib/sitemap.server";
import type { Route } from "./+types/robots-txt";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.services.config.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

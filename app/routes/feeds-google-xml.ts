import { serveGoogleFeed } from "~/modules/google-feed/google-feed.server";
import type { Route } from "./+types/feeds-google-xml";

// The Google Merchant feed (a resource route): the XML, or 304 (no body) when the fetcher's copy is current.
export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await serveGoogleFeed(context.services, request.headers.get("If-None-Match"));
  return new Response(answer.body, { status: answer.notModified ? 304 : 200, headers: answer.headers });
}

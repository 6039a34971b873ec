import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/hero-carousel";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "merchandising");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Hero Carousel");

export default function HeroCarouselPage() {
  return <ModuleUnavailable title="Hero Carousel" what="Editing the home page's hero carousel comes with the merchandising module." />;
}

import { GoogleFeedScreen } from "~/components/admin/google-feed/google-feed-screen";
import { useSavedToast } from "~/components/admin/action-feedback";
import { answer, invalid } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { googleFeedSettingsForm } from "~/modules/google-feed/google-feed";
import { loadGoogleFeedScreen, saveGoogleFeedSettings } from "~/modules/google-feed/google-feed.server";
import { requireActionPermission, requirePagePermission } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import type { Route } from "./+types/google-feed";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "google_feed");
  return { ...(await loadGoogleFeedScreen(context.services)), canEdit: can(staff.roles, "google_feed", "edit") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "google_feed", "edit");
  const form = await request.formData();
  const parsed = googleFeedSettingsForm.safeParse({
    version: form.get("version"),
    brand: form.get("brand") ?? "",
    googleProductCategory: form.get("googleProductCategory") ?? "",
    excludedProductIds: form.getAll("excluded").map(String),
  });
  if (!parsed.success) return invalid("settings", parsed.error);
  const { version, ...settings } = parsed.data;
  return answer("settings", await saveGoogleFeedSettings(context.services, { id: staff.user.id, email: staff.user.email }, settings, version));
}

export const meta: Route.MetaFunction = () => adminMeta("Google Feed");

export default function GoogleFeedPage({ loaderData, actionData }: Route.ComponentProps) {
  useSavedToast(actionData);
  return <GoogleFeedScreen screen={loaderData} result={actionData} />;
}

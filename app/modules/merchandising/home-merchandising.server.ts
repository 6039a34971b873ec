import type { Db } from "~/db/types";
import { outcomeOf, RejectedInputError, type SaveOutcome } from "~/lib/save-outcome";
import type { AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/events.server";
import { imageFileExists } from "~/modules/media/media.server";
import { publishSettingChanged, readSettingForEdit, saveSettingChecked } from "~/modules/settings/settings.server";

type Services = { db: Db; events: EventBus };

/** homepage_products: how many best sellers the home page shows first, and whether 'Load More Bottles' may appear. */
export async function saveHomepageProducts(
  services: Services,
  actor: AuditActor,
  input: { bottles: number; showLoadMore: boolean },
  expectedVersion: number,
): Promise<SaveOutcome> {
  const outcome = await outcomeOf(() =>
    services.db.transaction(async (tx) => {
      // The tumblers count is kept as stored: the storefront's tumblers rule is fixed at 8.
      const { value } = await readSettingForEdit(tx, "homepage_products");
      const version = await saveSettingChecked(tx, {
        key: "homepage_products",
        value: { ...value, bottles: input.bottles, show_load_more: input.showLoadMore },
        expectedVersion,
        actor,
        module: "merchandising",
        what: "The Best Seller section",
      });
      return { message: "Home page products saved.", version };
    }),
  );
  if (outcome.ok) await publishSettingChanged(services.events, "homepage_products");
  return outcome;
}

/** collection_sections: the images of the two home tiles (Bottle Collection, Tumbler Collection). Empty means the placeholder. */
export async function saveCollectionSections(
  services: Services,
  actor: AuditActor,
  input: { bottles: string; tumblers: string },
  expectedVersion: number,
): Promise<SaveOutcome> {
  const outcome = await outcomeOf(() =>
    services.db.transaction(async (tx) => {
      const problems: Record<string, string> = {};
      for (const tile of ["bottles", "tumblers"] as const) {
        if (input[tile] && !(await imageFileExists(tx, input[tile]))) problems[tile] = "That image no longer exists.";
      }
      if (Object.keys(problems).length) throw new RejectedInputError(problems);
      const version = await saveSettingChecked(tx, {
        key: "collection_sections",
        value: { bottles: { image_url: input.bottles }, tumblers: { image_url: input.tumblers } },
        expectedVersion,
        actor,
        module: "merchandising",
        what: "The collection tiles",
      });
      return { message: "Collection tiles saved.", version };
    }),
  );
  if (outcome.ok) await publishSettingChanged(services.events, "collection_sections");
  return outcome;
}

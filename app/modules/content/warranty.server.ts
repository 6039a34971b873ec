import type { Db } from "~/db/types";
import type { SaveOutcome } from "~/lib/save-outcome";
import { outcomeOf } from "~/lib/save-outcome";
import type { AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/events.server";
import { publishSettingChanged, saveSettingChecked } from "~/modules/settings/settings.server";

/** The one warranty statement ("2 years"): the service strip and the FAQ's {warranty} read it. */
export async function saveWarranty(services: { db: Db; events: EventBus }, actor: AuditActor, period: string, expectedVersion: number): Promise<SaveOutcome> {
  const outcome = await outcomeOf(() =>
    services.db.transaction(async (tx) => {
      const version = await saveSettingChecked(tx, { key: "warranty", value: { period }, expectedVersion, actor, module: "content", what: "The warranty statement" });
      return { message: "Warranty statement saved.", version };
    }),
  );
  if (outcome.ok) await publishSettingChanged(services.events, "warranty");
  return outcome;
}

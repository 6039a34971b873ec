import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { setSetting } from "~/modules/settings/settings.server";
import type { StaffDeps } from "./staff-deps.server";

/** The super_admin's switch: require a second factor (TOTP) for all staff. */
export async function setRequireMfa(services: StaffDeps, actor: AuditActor, requireMfa: boolean): Promise<void> {
  await services.db.transaction(async (tx) => {
    const before = await setSetting(tx, "staff_security", { require_mfa: requireMfa });
    if (before.require_mfa !== requireMfa) {
      await recordAudit(tx, { actor, module: "settings", action: "edit", targetId: "staff_security", before: { require_mfa: before.require_mfa }, after: { require_mfa: requireMfa } });
    }
  });
}

import type { z } from "zod";
import { BypassLinksSection } from "~/components/admin/settings/bypass-links-section";
import type { SectionResult } from "~/components/admin/settings/section";
import { CodSection } from "~/components/admin/settings/cod-section";
import { MaintenanceSection } from "~/components/admin/settings/maintenance-section";
import { PaymentHoldSection } from "~/components/admin/settings/payment-hold-section";
import { PricingSection } from "~/components/admin/settings/pricing-section";
import { ReportsSection } from "~/components/admin/settings/reports-section";
import { SecuritySection } from "~/components/admin/settings/security-section";
import { StoreDetailsSection } from "~/components/admin/settings/store-details-section";
import { StoreTaxSection } from "~/components/admin/settings/store-tax-section";
import { done, fail, refusedAnswer } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { fieldErrors } from "~/lib/form-errors";
import { rupeesToPaise } from "~/lib/money";
import { onlinePaymentEnabled } from "~/modules/orders/orders.server";
import { listBypassTokens, createBypassLink, readVersionedSettings, revokeBypassLink, saveSettings } from "~/modules/settings/settings.server";
import { bypassExpiry, bypassForm, codForm, maintenanceForm, paymentHoldForm, pricingForm, reportsForm, storeDetailsForm, storeTaxForm } from "~/modules/settings/settings";
import { requireOperation, requirePagePermission, requireUuid, setRequireMfa } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import type { Route } from "./+types/settings";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";

const KEYS = ["store_contact", "store_tax", "gst_settings", "shipping", "cod", "payment_hold", "maintenance", "staff_security", "reports"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "settings");
  const [settings, tokens] = await Promise.all([readVersionedSettings(context.services.db, KEYS), listBypassTokens(context.services.db)]);
  return {
    canEdit: can(staff.roles, "settings", "edit"),
    settings,
    tokens: tokens.map((t) => ({ id: t.id, label: t.label, expiresAt: t.expiresAt.toISOString(), revokedAt: t.revokedAt?.toISOString() ?? null })),
    now: new Date().toISOString(),
  };
}

// Each form posts to ?do=<operation>, so the permission it needs is checked before the body is
// read. Every operation changes settings: admin has view only, super_admin passes.
const OPERATIONS = { store: "edit", tax: "edit", pricing: "edit", cod: "edit", "payment-hold": "edit", maintenance: "edit", "bypass-create": "create", "bypass-revoke": "delete", security: "edit", reports: "edit" } as const;
type Operation = keyof typeof OPERATIONS;

// The shared action result, `form` naming the operation that answered (its card shows the outcome).
const INVALID = "Please correct the fields marked below.";
const invalidFields = (op: Operation, error: z.ZodError) => fail(400, { form: op, error: INVALID, fieldErrors: fieldErrors(error) });

export async function action({ request, context }: Route.ActionArgs) {
  // 401 without a session, 403 without the right, 400 for an unknown operation: all before the body.
  const { op, actor } = await requireOperation(context.services, request, "settings", OPERATIONS);
  const form = await request.formData();
  const values = Object.fromEntries(form);
  const { services } = context;

  try {
    switch (op) {
      case "store": {
        const parsed = storeDetailsForm.safeParse(values);
        if (!parsed.success) return invalidFields(op, parsed.error);
        const { version, ...value } = parsed.data;
        await saveSettings(services, actor, [{ key: "store_contact", value, expectedVersion: version }]);
        return ok(op, "Store details saved.");
      }
      case "tax": {
        const parsed = storeTaxForm.safeParse(values);
        if (!parsed.success) return invalidFields(op, parsed.error);
        const { version, ...value } = parsed.data;
        await saveSettings(services, actor, [{ key: "store_tax", value, expectedVersion: version }]);
        return ok(op, "Tax details saved. Invoices issued from now on print them.");
      }
      case "cod": {
        const parsed = codForm.safeParse(values);
        if (!parsed.success) return invalidFields(op, parsed.error);
        const { version, enabled, fee, max_order } = parsed.data;
        // Without the Razorpay keys cash on delivery is the only way to pay: switching it off would close the till.
        if (!enabled && !onlinePaymentEnabled(services.config)) {
          return fail(400, { form: op, error: "Online payment is not set up (the Razorpay keys), so cash on delivery is the only way shoppers can pay: it stays on." });
        }
        await saveSettings(services, actor, [{ key: "cod", value: { enabled, fee_paise: rupeesToPaise(fee), max_order_paise: rupeesToPaise(max_order) }, expectedVersion: version }]);
        return ok(op, enabled ? "Cash on delivery saved. Checkout uses it at once." : "Cash on delivery is switched off: checkout offers online payment only.");
      }
      case "payment-hold": {
        const parsed = paymentHoldForm.safeParse(values);
        if (!parsed.success) return invalidFields(op, parsed.error);
        const { version, ...value } = parsed.data;
        await saveSettings(services, actor, [{ key: "payment_hold", value, expectedVersion: version }]);
        return ok(op, "Payment hold saved. Orders placed from now on hold their stock this long.");
      }
      case "pricing": {
        const parsed = pricingForm.safeParse(values);
        if (!parsed.success) return invalidFields(op, parsed.error);
        const p = parsed.data;
        await saveSettings(services, actor, [
          { key: "gst_settings", value: { percentage: p.gst_percentage }, expectedVersion: p.gst_version },
          {
            key: "shipping",
            value: { free_over_paise: rupeesToPaise(p.free_shipping_over), flat_fee_paise: rupeesToPaise(p.flat_shipping_fee) },
            expectedVersion: p.shipping_version,
          },
        ]);
        return ok(op, "GST and shipping saved. The storefront uses them at once.");
      }
      case "maintenance": {
        const parsed = maintenanceForm.safeParse(values);
        if (!parsed.success) return invalidFields(op, parsed.error);
        const { version, ...value } = parsed.data;
        await saveSettings(services, actor, [{ key: "maintenance", value, expectedVersion: version }]);
        return ok(op, value.enabled ? "Maintenance mode is on: visitors now see the maintenance page." : "Maintenance mode is off: the shop is open.");
      }
      case "reports": {
        const parsed = reportsForm.safeParse(values);
        if (!parsed.success) return invalidFields(op, parsed.error);
        const { version, ...value } = parsed.data;
        await saveSettings(services, actor, [{ key: "reports", value, expectedVersion: version }]);
        return ok(op, "Dashboard settings saved.");
      }
      case "bypass-create": {
        const parsed = bypassForm.safeParse(values);
        if (!parsed.success) return invalidFields(op, parsed.error);
        const now = new Date();
        const created = await createBypassLink(services.db, actor, { label: parsed.data.label, expiresAt: bypassExpiry(parsed.data.duration, now) }, now);
        const link = new URL(`/maintenance?bypass=${created.token}`, services.config.publicUrl).toString();
        return ok(op, "Bypass link created. Copy it now: it is shown only once.", link);
      }
      case "bypass-revoke": {
        const id = requireUuid(form.get("id"), "bypass link id");
        const revoked = await revokeBypassLink(services.db, actor, id);
        return revoked ? ok(op, "Bypass link revoked: it no longer lets anyone through.") : fail(404, { form: op, error: "That link does not exist or was already revoked." });
      }
      case "security": {
        const requireMfa = form.get("require_mfa") === "on";
        await setRequireMfa(services, actor, requireMfa);
        return ok(op, requireMfa ? "Two-factor authentication is now required for all staff." : "Two-factor authentication is now optional.");
      }
    }
  } catch (error) {
    // Changed by someone else meanwhile (409), or any other refusal: its status from the one table.
    return refusedAnswer(error, op);
  }
}

/** Done: the card's message; a new bypass link is shown once, beside it. */
function ok(op: Operation, message: string, link?: string) {
  return { ...done(op, message), ...(link ? { link } : {}) };
}

/** The action's answer: each card is handed the answer of its own form only. */
type Answer = SectionResult & { form?: string };

export const meta: Route.MetaFunction = () => adminMeta("Settings");

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, canEdit } = loaderData;
  const result = actionData as Answer | undefined;
  const forOp = (op: Operation) => (result?.form === op ? result : undefined);
  return (
    <AdminPage width="medium">
      <PageHeader title="Settings" />
      {!canEdit ? (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          You can view the settings; only a super admin can change them.
        </p>
      ) : null}
      <StoreDetailsSection setting={settings.store_contact} canEdit={canEdit} result={forOp("store")} />
      <StoreTaxSection setting={settings.store_tax} canEdit={canEdit} result={forOp("tax")} />
      <PricingSection gst={settings.gst_settings} shipping={settings.shipping} canEdit={canEdit} result={forOp("pricing")} />
      <CodSection setting={settings.cod} canEdit={canEdit} result={forOp("cod")} />
      <PaymentHoldSection setting={settings.payment_hold} canEdit={canEdit} result={forOp("payment-hold")} />
      <ReportsSection setting={settings.reports} canEdit={canEdit} result={forOp("reports")} />
      <MaintenanceSection setting={settings.maintenance} canEdit={canEdit} result={forOp("maintenance")} />
      <BypassLinksSection tokens={loaderData.tokens} now={loaderData.now} canEdit={canEdit} result={result?.form === "bypass-create" || result?.form === "bypass-revoke" ? result : undefined} />
      <SecuritySection requireMfa={settings.staff_security.value.require_mfa} canEdit={canEdit} result={forOp("security")} />
    </AdminPage>
  );
}

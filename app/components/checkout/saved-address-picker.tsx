import { useNavigation } from "react-router";
import { controlClass } from "~/components/ui/field";
import { addressLine } from "~/lib/postal-address";
import type { SavedAddress } from "~/modules/customers/customers";

/** The id of the small GET form the picker's controls belong to (it sits outside the checkout form). */
export const SAVED_ADDRESS_FORM = "saved-address-picker";

/**
 * A signed-in shopper's saved addresses at checkout. Choosing one reloads checkout with its fields
 * filled in by the server: a plain GET form, so it works before any script runs, and with
 * scripts it keeps everything else typed on the page.
 */
export function SavedAddressPicker({ addresses, chosenId }: { addresses: SavedAddress[]; chosenId: string | null }) {
  const loading = useNavigation().state === "loading";
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <label htmlFor="saved-address" className="block text-sm font-medium">
        Your saved addresses
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <select id="saved-address" name="address" form={SAVED_ADDRESS_FORM} defaultValue={chosenId ?? ""} className={`${controlClass} min-w-0 flex-1`}>
          {chosenId ? null : <option value="">Choose a saved address...</option>}
          {addresses.map((a) => (
            <option key={a.id} value={a.id}>
              {addressLine(a)}
              {a.isDefault ? " (default)" : ""}
            </option>
          ))}
        </select>
        <button type="submit" form={SAVED_ADDRESS_FORM} disabled={loading} className="rounded-md border border-slate-900 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60">
          Use this address
        </button>
      </div>
      <p className="mt-1 text-xs text-slate-600">Or change the fields below to send it somewhere else.</p>
    </div>
  );
}

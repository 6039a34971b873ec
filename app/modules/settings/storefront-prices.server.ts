import type { Db } from "~/db/types";
import type { Logger } from "~/lib/logger.server";
import { type EventBus, READ_KEYS, storefrontCacheFor } from "~/modules/events/events.server";
import { getSetting, SETTINGS, type SettingValue } from "./site-settings.server";

type Services = { db: Db; events: EventBus; log?: Logger };

/**
 * The GST percentage the storefront charges. It is cached for 60 seconds: it goes
 * through the storefront read cache (60 s TTL), which is also emptied by settings.changed on every
 * server process, so a change made in the back office shows at once and at worst within 60 s.
 * A failing read means 18 %.
 */
export async function storefrontGstPercent(services: Services, onFallback?: () => void): Promise<number> {
  try {
    const gst = await storefrontCacheFor(services.events).get(READ_KEYS.setting("gst_settings"), () => getSetting(services.db, "gst_settings"));
    return gst.percentage;
  } catch (error) {
    services.log?.error({ err: error }, "GST setting could not be read; using 18 %");
    onFallback?.();
    return SETTINGS.gst_settings.fallback.percentage;
  }
}

/**
 * Free-shipping threshold and flat fee (paise), through the same cache; the defaults if the read
 * fails. `onFallback` lets a page mark its render degraded so the page cache does not keep it.
 */
export async function storefrontShipping(services: Services, onFallback?: () => void): Promise<SettingValue<"shipping">> {
  try {
    return await storefrontCacheFor(services.events).get(READ_KEYS.setting("shipping"), () => getSetting(services.db, "shipping"));
  } catch (error) {
    services.log?.error({ err: error }, "shipping setting could not be read; using the defaults");
    onFallback?.();
    return SETTINGS.shipping.fallback;
  }
}

/** The warranty statement ("2 years") the product page prints; the default if the read fails. */
export async function storefrontWarranty(services: Services, onFallback?: () => void): Promise<string> {
  try {
    return (await storefrontCacheFor(services.events).get(READ_KEYS.setting("warranty"), () => getSetting(services.db, "warranty"))).period;
  } catch (error) {
    services.log?.error({ err: error }, "warranty setting could not be read; using the default");
    onFallback?.();
    return SETTINGS.warranty.fallback.period;
  }
}

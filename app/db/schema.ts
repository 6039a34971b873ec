// The whole schema, for the Drizzle client's typed queries. Each module owns its own file;
// this list only gathers them (drizzle-kit reads the module files directly).
import * as audit from "~/modules/audit/schema";
import * as catalog from "~/modules/catalog/schema";
import * as content from "~/modules/content/schema";
import * as customers from "~/modules/customers/schema";
import * as discounts from "~/modules/discounts/schema";
import * as mail from "~/modules/mail/schema";
import * as marketing from "~/modules/marketing/schema";
import * as media from "~/modules/media/schema";
import * as orders from "~/modules/orders/schema";
import * as rateLimit from "~/modules/rate-limit/schema";
import * as reports from "~/modules/reports/schema";
import * as settings from "~/modules/settings/schema";
import * as staff from "~/modules/staff/schema";
import * as support from "~/modules/support/schema";

export const schema = { ...audit, ...catalog, ...content, ...customers, ...discounts, ...mail, ...marketing, ...media, ...orders, ...rateLimit, ...reports, ...settings, ...staff, ...support };
export type Schema = typeof schema;

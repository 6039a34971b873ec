import { z } from "zod";

// The subscriber list's search parameters, shared by the page and the CSV export; junk falls back.
export const subscriberQuery = z.object({
  q: z.string().trim().max(254).catch(""),
  status: z.enum(["subscribed", "unsubscribed", "all"]).catch("subscribed"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

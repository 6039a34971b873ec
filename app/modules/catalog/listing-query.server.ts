import { z } from "zod";
import { type ListingParams, MAX_PAGE, SORTS, type SortKey } from "./listing-params";

// The grids' GET parameters on the server; the grids' own code (listing-params.ts) ships without zod.
const sortSchema = z.enum(SORTS.map((s) => s.value) as [SortKey, ...SortKey[]]).catch("featured");
const pageSchema = z.coerce.number().int().min(1).transform((n) => Math.min(n, MAX_PAGE)).catch(1);

export function parseListingParams(params: URLSearchParams): ListingParams {
  return { sort: sortSchema.parse(params.get("sort") ?? undefined), page: pageSchema.parse(params.get("page") ?? undefined) };
}

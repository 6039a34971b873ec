import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/types";
import { productVariants } from "./schema";

export async function variantBelongsToProduct(db: DbOrTx, productId: string, variantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  return Boolean(row);
}

ALTER TABLE "product_variants" ADD COLUMN "sku_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, sku)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (glacial_product_search_vector(title, tags, description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "product_variants_sku_search_idx" ON "product_variants" USING gin ("sku_vector");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
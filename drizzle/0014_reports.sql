CREATE TABLE "report_daily_products" (
	"day" date NOT NULL,
	"product_key" text NOT NULL,
	"product_id" uuid,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"gross_paise" bigint NOT NULL,
	"discount_paise" bigint NOT NULL,
	CONSTRAINT "report_daily_products_day_product_key_pk" PRIMARY KEY("day","product_key")
);
--> statement-breakpoint
CREATE TABLE "report_daily_sales" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"gross_paise" bigint NOT NULL,
	"discount_paise" bigint NOT NULL,
	"refunded_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_rollup_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"refreshed_through" timestamp with time zone DEFAULT 'epoch' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credit_notes_issued_idx" ON "credit_notes" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "order_refunds_created_idx" ON "order_refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at");
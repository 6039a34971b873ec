CREATE TABLE "checkout_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_key" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"lines" jsonb NOT NULL,
	"remind_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_reminders_checkout_key_unique" UNIQUE("checkout_key")
);
--> statement-breakpoint
CREATE INDEX "checkout_reminders_email_idx" ON "checkout_reminders" USING btree ("email");
ALTER TYPE "public"."mail_status" ADD VALUE 'queued' BEFORE 'sent';--> statement-breakpoint
CREATE TABLE "email_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"subject" text,
	"body" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_event_key_idx" ON "mail_outbox" USING btree ("event_key");
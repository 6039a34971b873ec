ALTER TABLE "faq_items" ADD COLUMN "phrasings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "visitor_id_hash" text;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "bot_state" jsonb;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "visitor_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "reply_mail_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "reply_mail_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "reply_mail_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "mail_links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "support_conversations_reply_mail_idx" ON "support_conversations" USING btree ("reply_mail_due_at");
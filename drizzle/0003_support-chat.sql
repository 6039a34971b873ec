CREATE TABLE "support_canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "created_ip_hash" text;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "pages_visited" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "unread_for_staff" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "staff_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "staff_replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "bot_unmatched" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "support_conversations_ip_idx" ON "support_conversations" USING btree ("created_ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "support_messages_conversation_seq_idx" ON "support_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_seq_unique" UNIQUE("seq");--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_length" CHECK (char_length("support_messages"."message") between 1 and 2000);
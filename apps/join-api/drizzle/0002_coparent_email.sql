ALTER TABLE "users" ADD COLUMN "co_parent_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "co_parent_email_answered_at" timestamp with time zone;
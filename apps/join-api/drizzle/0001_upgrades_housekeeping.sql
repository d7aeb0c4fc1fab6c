ALTER TABLE "orders" ADD COLUMN "credit_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replaces_subscription_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
-- Before the one-current-per-parent index: rows past their expiry become 'expired', and of any remaining
-- duplicates only the latest stays 'current' (the others are 'ended').
UPDATE "subscriptions" SET "status" = 'expired' WHERE "status" = 'current' AND "expires_at" <= now();--> statement-breakpoint
UPDATE "subscriptions" s SET "status" = 'ended', "ended_at" = now() WHERE s."status" = 'current' AND EXISTS (SELECT 1 FROM "subscriptions" t WHERE t."user_id" = s."user_id" AND t."status" = 'current' AND (t."expires_at" > s."expires_at" OR (t."expires_at" = s."expires_at" AND t."id" > s."id")));--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_current_per_user_idx" ON "subscriptions" USING btree ("user_id") WHERE status = 'current';
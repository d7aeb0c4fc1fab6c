ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_payment_details_idx" ON "orders" USING btree ("created_at") WHERE payment_account is not null or card_last4 is not null;--> statement-breakpoint
CREATE INDEX "signups_expires_idx" ON "signups" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "tokens_expires_idx" ON "tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_state_created_idx" ON "users" USING btree ("account_state","created_at");--> statement-breakpoint
CREATE INDEX "renewal_links_expires_idx" ON "renewal_links" USING btree ("expires_at");
ALTER TABLE "orders" ADD COLUMN "payment_method_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_account" text;
CREATE SEQUENCE "public"."invoice_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
-- orders placed before the column existed are dated in their parent's zone (spec §3 parent.timeZone)
UPDATE "orders" SET "time_zone" = "users"."time_zone" FROM "users" WHERE "users"."id" = "orders"."user_id";

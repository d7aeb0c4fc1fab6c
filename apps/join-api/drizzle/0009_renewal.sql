CREATE TABLE "renewal_links" (
	"hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "renewal_notices" (
	"subscription_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_notices_subscription_id_kind_pk" PRIMARY KEY("subscription_id","kind")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renews_subscription_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method_token" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_declines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_first_declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vault_customer_id" text;--> statement-breakpoint
CREATE INDEX "renewal_links_subscription_idx" ON "renewal_links" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_current_expiry_idx" ON "subscriptions" USING btree ("expires_at") WHERE status = 'current';
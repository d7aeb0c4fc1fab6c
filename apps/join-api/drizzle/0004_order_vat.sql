ALTER TABLE "orders" ADD COLUMN "vat_minor" bigint;--> statement-breakpoint
-- Orders written before this migration: the VAT included in a GBP charge (§9: GBP prices include 20 % VAT, i.e. one
-- sixth of the amount, rounded half up — @ofw/domain's vatForPrice), so replayed receipts keep their VAT line.
UPDATE "orders" SET "vat_minor" = ("amount_minor" + 3) / 6 WHERE "currency" = 'GBP' AND "vat_minor" IS NULL;

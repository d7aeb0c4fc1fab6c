import { z } from 'zod';

/** Development default of `RECEIPT_LINK_SECRET`: never accepted in production ({@link receiptProductionProblems}). */
export const DEV_RECEIPT_LINK_SECRET = 'development-receipt-link-secret-not-for-production';

/**
 * The settings of receipts and VAT invoices (docs/RECEIPTS.md), part of join-api's environment (env.ts): the seller a
 * GBP VAT invoice names (HMRC VAT Notice 700 §16.3: the supplier's name, address and VAT registration number) and the
 * key that signs a receipt's link. Each has a development default; production requires every one.
 */
export const RECEIPT_ENV = {
  /** The seller's name on VAT invoices. */
  SELLER_NAME: z.string().trim().min(1).max(200).default('OurFamilyWizard (development)'),
  /** The seller's postal address on VAT invoices, one line (commas between its parts). */
  SELLER_ADDRESS: z.string().trim().min(1).max(300).default('1 Example Street, London EC1A 1AA, United Kingdom'),
  /** The seller's UK VAT registration number: GB and 9 digits (or 12 for a branch). */
  SELLER_VAT_NUMBER: z
    .string()
    .trim()
    .regex(/^GB(\d{9}|\d{12})$/, 'must be GB followed by 9 (or 12) digits')
    .default('GB000000000'),
  /** The HMAC-SHA256 key of receipt links (`/receipts/<orderId>/<signature>`): 32 characters or more. */
  RECEIPT_LINK_SECRET: z.string().min(32).default(DEV_RECEIPT_LINK_SECRET),
};

/** The seller a VAT invoice names (from {@link RECEIPT_ENV}). */
export interface Seller {
  name: string;
  address: string;
  vatNumber: string;
}

/** The seller of the configured environment. */
export function sellerOf(env: { SELLER_NAME: string; SELLER_ADDRESS: string; SELLER_VAT_NUMBER: string }): Seller {
  return { name: env.SELLER_NAME, address: env.SELLER_ADDRESS, vatNumber: env.SELLER_VAT_NUMBER };
}

/**
 * With `NODE_ENV=production`: each receipt setting left unset (a VAT invoice must name the real seller; a receipt link
 * signed with the published development key could be forged).
 */
export function receiptProductionProblems(raw: Record<string, string | undefined>): string[] {
  return (['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_VAT_NUMBER', 'RECEIPT_LINK_SECRET'] as const)
    .filter((key) => !raw[key] || raw[key] === DEV_RECEIPT_LINK_SECRET)
    .map((key) => `  ${key}: is required when NODE_ENV=production (docs/RECEIPTS.md)`);
}

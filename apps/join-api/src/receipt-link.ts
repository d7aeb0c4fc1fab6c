import { createHmac, timingSafeEqual } from 'node:crypto';

/** What signs and addresses receipt links: join-api's `RECEIPT_LINK_SECRET` and `PUBLIC_URL`. */
export interface ReceiptLinkEnv {
  RECEIPT_LINK_SECRET: string;
  PUBLIC_URL: string;
}

/** The path of printable receipts (served by join-api, routes/receipt-page.ts). */
export const RECEIPT_PATH = '/receipts';

/** HMAC-SHA256 of the order id under the receipt key, base64url: one purpose, one order. */
function signature(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`receipt:v1:${orderId}`, 'utf8').digest('base64url');
}

/**
 * The printable receipt's link of an order: `${PUBLIC_URL}/receipts/<orderId>/<signature>` (docs/RECEIPTS.md). The
 * link opens that order's receipt read-only without signing in; it cannot be made for another order without the key.
 */
export function receiptUrl(env: ReceiptLinkEnv, orderId: string): string {
  return `${env.PUBLIC_URL.replace(/\/$/, '')}${RECEIPT_PATH}/${encodeURIComponent(orderId)}/${signature(env.RECEIPT_LINK_SECRET, orderId)}`;
}

/** Whether `sig` is the receipt signature of `orderId` (compared in constant time). */
export function validReceiptSignature(secret: string, orderId: string, sig: string): boolean {
  const expected = Buffer.from(signature(secret, orderId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

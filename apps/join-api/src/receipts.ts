import { getPackage } from '@ofw/domain';
import type { Seller } from './env-receipts.js';
import type { orders } from './db/schema.js';
import type { PaymentMethodSummary } from './gateway/types.js';
import type { EmailPayload } from './emails/render.js';

type OrderRow = typeof orders.$inferSelect;

/** The order columns that keep what paid: brand and last four of a (Apple Pay) card, a wallet's account, the type. */
export type OrderPaymentColumns = Pick<OrderRow, 'paymentMethodType' | 'cardBrand' | 'cardLast4' | 'paymentAccount'>;

/**
 * The order columns for what paid (docs/CONTRACTS.md "HTTP API": of a card only brand and last four — a last four that is not four
 * digits is dropped; of a wallet only the account the receipt names). `null` (nothing charged) clears them.
 */
export function paymentColumns(method: PaymentMethodSummary | null | undefined): OrderPaymentColumns {
  if (!method) return { paymentMethodType: null, cardBrand: null, cardLast4: null, paymentAccount: null };
  if (method.type === 'paypal' || method.type === 'venmo')
    return {
      paymentMethodType: method.type,
      cardBrand: null,
      cardLast4: null,
      paymentAccount: method.type === 'paypal' ? method.payerEmail : method.username,
    };
  return {
    paymentMethodType: method.type,
    cardBrand: method.brand,
    cardLast4: method.last4 && /^\d{4}$/.test(method.last4) ? method.last4 : null,
    paymentAccount: null,
  };
}

/**
 * What paid for an order, from its row, as the receipt names it (`POST /orders` `receipt.paymentMethod`, the receipt
 * e-mail): null when nothing was charged. A row from before the type was recorded is a card when it has a brand.
 */
export function orderPaymentMethod(order: OrderPaymentColumns): PaymentMethodSummary | null {
  switch (order.paymentMethodType) {
    case 'paypal':
      return { type: 'paypal', payerEmail: order.paymentAccount };
    case 'venmo':
      return { type: 'venmo', username: order.paymentAccount };
    case 'apple_pay':
      return { type: 'apple_pay', brand: order.cardBrand, last4: order.cardLast4 };
    case 'card':
      return { type: 'card', brand: order.cardBrand, last4: order.cardLast4 };
    default:
      return order.cardBrand || order.cardLast4
        ? { type: 'card', brand: order.cardBrand, last4: order.cardLast4 }
        : null;
  }
}

/**
 * The term an order bought, in years: a build-your-own order's subscription length (its `services.years`), else the
 * package's §3 `subDurationInYears`; 1 when neither is known.
 */
export function orderYears(order: Pick<OrderRow, 'services' | 'packageId'>): 1 | 2 {
  const years = (order.services as { years?: number } | null)?.years ?? getPackage(order.packageId)?.subDurationInYears;
  return years === 2 ? 2 : 1;
}

/**
 * What a receipt's payload takes from the statement that pays the order: the payer's fields from their `users` row,
 * and the VAT invoice's number the order was given.
 */
export type ReceiptPayer = { email: string; firstName: string; languageLocale: string; invoiceNumber: number | null };

/** Where a paid order's receipt points: its term, the seller of a GBP VAT invoice and the printable receipt's link. */
export interface ReceiptContext {
  term: { startsAt: Date; expiresAt: Date };
  seller: Seller;
  receiptUrl: string;
}

/**
 * The receipt e-mail's payload for an order just marked paid, without its payer's fields (`languageLocale`,
 * `firstName`), which the statement that pays the order takes from the payer's row (services/orders/finalize.ts: the
 * receipt is queued in the outbox by that same statement, so it exists exactly when the payment was recorded), and
 * the invoice number that statement takes. Every
 * figure is the order row's (amount charged, currency, VAT, discount, credit — minor units —, what paid: card or Apple
 * Pay brand and last four, PayPal e-mail, Venmo username); nothing is re-priced.
 */
export function receiptPayload(
  order: OrderRow,
  paidAt: Date,
  ctx: ReceiptContext,
): Omit<EmailPayload<'receipt'>, keyof ReceiptPayer> {
  return {
    orderId: order.id,
    paidAt: paidAt.toISOString(),
    packageId: order.packageId,
    packageName: getPackage(order.packageId)?.displayName ?? String(order.packageId),
    years: orderYears(order),
    currency: order.currency,
    amountMinor: order.amountMinor,
    vatMinor: order.vatMinor,
    discountMinor: order.discountMinor,
    creditMinor: order.creditMinor,
    cardBrand: order.cardBrand,
    cardLast4: order.cardLast4,
    paymentMethod: orderPaymentMethod(order),
    timeZone: order.timeZone,
    startsAt: ctx.term.startsAt.toISOString(),
    expiresAt: ctx.term.expiresAt.toISOString(),
    // a VAT invoice names its seller as they were when it was issued (GBP only: spec §3 vatAmount)
    seller: order.currency === 'GBP' ? ctx.seller : null,
    receiptUrl: ctx.receiptUrl,
  };
}

/** One receipt per order: the outbox's `dedupe_key` of an order's receipt (a second insert is ignored). */
export const receiptDedupeKey = (orderId: string): string => `receipt:${orderId}`;

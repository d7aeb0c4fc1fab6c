import { eq } from 'drizzle-orm';
import { getPackage } from '@ofw/domain';
import type { Db } from './db/client.js';
import type { orders } from './db/schema.js';
import { users } from './db/schema.js';
import type { PaymentMethodSummary } from './gateway/types.js';
import { enqueueEmail } from './outbox.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

/** The order columns that keep what paid: brand and last four of a (Apple Pay) card, a wallet's account, the type. */
export type OrderPaymentColumns = Pick<OrderRow, 'paymentMethodType' | 'cardBrand' | 'cardLast4' | 'paymentAccount'>;

/**
 * The order columns for what paid (DESIGN.md §4: of a card only brand and last four — a last four that is not four
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
 * Queues the payer's receipt for an order that was just marked paid — called inside the transaction that pays it
 * (orders.ts `finalize`), so the receipt exists exactly when the payment was recorded. Every figure is the order
 * row's (amount charged, currency, VAT, discount, credit, what paid — card or Apple Pay brand and last four, PayPal
 * e-mail, Venmo username); nothing is re-priced.
 * One receipt per order (`dedupeKey` `receipt:<orderId>`). `payerRow` (e-mail, first name, locale) is the payer's
 * row when the caller has just read or written it in this transaction; without it, it is read here.
 * @returns the address the receipt goes to (the payer's account e-mail), or undefined when the payer is gone.
 */
export async function queueReceipt(
  tx: Tx,
  order: OrderRow,
  paidAt: Date,
  payerRow?: { email: string; firstName: string; languageLocale: string },
): Promise<string | undefined> {
  const [payer] = payerRow
    ? [payerRow]
    : await tx
        .select({ email: users.email, firstName: users.firstName, languageLocale: users.languageLocale })
        .from(users)
        .where(eq(users.id, order.userId))
        .limit(1);
  if (!payer) return undefined;
  const pkg = getPackage(order.packageId);
  const years = orderYears(order);
  await enqueueEmail(tx, {
    kind: 'receipt',
    recipient: payer.email,
    dedupeKey: `receipt:${order.id}`,
    now: paidAt,
    payload: {
      languageLocale: payer.languageLocale,
      firstName: payer.firstName,
      orderId: order.id,
      paidAt: paidAt.toISOString(),
      packageId: order.packageId,
      packageName: pkg?.displayName ?? String(order.packageId),
      years,
      currency: order.currency,
      amountMinor: order.amountMinor,
      vatMinor: order.vatMinor,
      discountMinor: order.discountMinor,
      creditMinor: order.creditMinor,
      cardBrand: order.cardBrand,
      cardLast4: order.cardLast4,
      paymentMethod: orderPaymentMethod(order),
    },
  });
  return payer.email;
}

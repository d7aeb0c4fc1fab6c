import { formatPrice, fromMinor, getPackage, purchaseFlow, termTimeZone, type ProratedPriceInfo } from '@ofw/domain';
import type { OrderResponse } from '@ofw/api-client';
import type { ChargeResult } from '../../gateway/types.js';
import { declineCategory, type Decline } from '../../gateway/decline-category.js';
import { problemOf } from '../../lib/problem.js';
import { orderPaymentMethod, orderYears } from '../../receipts.js';
import { ServiceError } from '../errors.js';
import type { OrderRow, StoredResponse } from './types.js';

/**
 * A refusal as the answer stored for its Idempotency-Key: the problem+json first sent (Stripe semantics — a replay
 * gets the same status and body), so it goes through the app's one mapping of refusals to problems (`problemOf`)
 * when it is stored rather than when it is sent.
 */
export function storedRefusal(refusal: ServiceError, instance?: string): StoredResponse {
  const problem = problemOf(refusal);
  return { status: problem.status, body: problem.toProblem(instance) };
}

/**
 * The 201 body of a paid order (§3 Package receipt fields, brand and last four only). An upgrade carries the
 * `proratedPriceInfo` it was charged and the credit of the replaced subscription; `purchaseFlow` is
 * `@ofw/domain`'s rule over it (§4: 'upgrade' when prorated price info exists). `receiptEmail`: where the receipt
 * e-mail went (the payer's account e-mail), so the page can say so; `receiptUrl`: the printable receipt's signed link.
 * The term's dates are to be read in `timeZone`, the parent's (spec §3 parent.timeZone).
 */
export function paidResponse(
  order: OrderRow,
  sub: { startsAt: Date; expiresAt: Date; autoRenew?: boolean },
  receiptEmail: string | null,
  receiptUrl: string,
): OrderResponse {
  const pkg = getPackage(order.packageId);
  const amount = fromMinor(order.amountMinor);
  const currency = order.currency;
  // §9: the VAT inside what was charged (after any coupon or proration): the order's quote(...).vat
  const vat = order.vatMinor === null ? undefined : fromMinor(order.vatMinor);
  const proratedPriceInfo: ProratedPriceInfo | undefined =
    order.replacesSubscriptionId === null
      ? undefined
      : { proratedPrice: amount, proratedPriceFormatted: formatPrice(amount, currency) };
  return {
    orderId: order.id,
    status: 'paid',
    purchaseFlow: purchaseFlow({ proratedPriceInfo }),
    subscription: {
      status: 'current',
      packageId: order.packageId,
      startsAt: sub.startsAt.toISOString(),
      expiresAt: sub.expiresAt.toISOString(),
      // whether the term renews: asked for, and a payment method saved (docs/RENEWAL.md)
      autoRenew: sub.autoRenew ?? false,
    },
    receipt: {
      packageName: pkg?.displayName ?? String(order.packageId),
      ...(pkg ? { receiptText: pkg.receiptText } : {}),
      years: orderYears(order),
      receiptEmail,
      amount,
      currencyCode: order.currency,
      formattedAmount: formatPrice(amount, currency),
      discountAmount: fromMinor(order.discountMinor),
      ...(vat !== undefined ? { vatAmount: vat } : {}),
      ...(proratedPriceInfo ? { proratedPriceInfo, creditAmount: fromMinor(order.creditMinor) } : {}),
      cardBrand: order.cardBrand,
      last4: order.cardLast4,
      paymentMethod: orderPaymentMethod(order),
      transactionId: order.transactionId ?? '',
      timeZone: termTimeZone(order.timeZone),
      invoiceNumber: order.invoiceNumber,
      receiptUrl,
    },
  };
}

/**
 * A decline (§8, 402): processor-declined vs gateway-rejected and a coarse `declineCategory` (gateway/decline-category.ts)
 * — never the processor's code or text, nor CVV/AVS details, which tell card testers which numbers are live; those are
 * logged (`finalize`) and kept on the order row.
 */
export function declineRefusal(result: Decline, orderId: string): ServiceError {
  const extra = { declineCategory: declineCategory(result), orderId };
  if (result.outcome === 'processor_declined')
    return new ServiceError('processor_declined', 'The card was declined by the bank.', { extra });
  return new ServiceError('gateway_rejected', 'The payment was rejected.', { extra });
}

/** What the gateway said of a decline, for the logs only (never in an answer). */
export function declineDetails(result: Decline) {
  return {
    outcome: result.outcome,
    processorResponseCode: result.processorResponseCode,
    processorResponseText: result.processorResponseText,
    ...(result.outcome === 'gateway_rejected' ? { gatewayRejectionReason: result.gatewayRejectionReason } : {}),
  };
}

/** A nonce the gateway cannot charge (unknown, expired or used; 422): the parent enters the card again. */
export function nonceRefusal(result: Extract<ChargeResult, { outcome: 'payment_method_invalid' }>, orderId: string) {
  return new ServiceError(
    'payment_method_expired',
    result.reason === 'consumed'
      ? 'This payment method was already used. Enter the card again.'
      : 'This payment method is unknown or expired. Enter the card again.',
    { extra: { orderId } },
  );
}

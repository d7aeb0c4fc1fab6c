/**
 * How long an authorization lives before Braintree marks it `authorization_expired` (Braintree "Statuses ›
 * Transaction › Authorization expired": the time frame depends on the payment instrument subtype and whether the
 * merchant or the customer initiated the sale). The sandbox applies the table's default rows: Visa 8 days (3 for a
 * merchant-initiated sale), Mastercard and American Express 7, Discover / Diners Club / UnionPay / JCB 30, PayPal 29,
 * Venmo 10; Apple Pay follows its card's brand; any other card 7.
 */
import type { Transaction } from './model.js';

const DAY_MS = 86_400_000;

const CARD_DAYS: Readonly<Record<string, number>> = {
  Visa: 8,
  MasterCard: 7,
  'American Express': 7,
  Discover: 30,
  'Diners Club': 30,
  UnionPay: 30,
  JCB: 30,
};

/** Days an authorization of this sale lives (the table's default rows). */
export function authorizationLifetimeDays(t: Pick<Transaction, 'instrument' | 'merchantInitiated'>): number {
  const card = t.instrument;
  if (card.kind === 'PayPalAccount') return 29;
  if (card.kind === 'VenmoAccount') return 10;
  const brand = card.cardType.replace(/^Apple Pay - /, '');
  if (brand === 'Visa' && t.merchantInitiated) return 3;
  return CARD_DAYS[brand] ?? 7;
}

/** When an `authorized` sale's authorization expires (ms); undefined for a credit. */
export function authorizationExpiresAt(t: Transaction): number | undefined {
  if (t.type !== 'sale') return undefined;
  const authorized = t.statusHistory.find((e) => e.status === 'authorized')?.timestamp ?? t.createdAt;
  return Date.parse(authorized) + authorizationLifetimeDays(t) * DAY_MS;
}

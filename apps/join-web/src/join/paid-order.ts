import { ReceiptSchema, type OrderResponse, type PaymentMethodSummary } from '@ofw/api-client';
import type { Currency, Quote } from '@ofw/domain';

/**
 * What the confirmation after paying shows (the step after payment), all from join-api's `POST /orders` 201 answer
 * (`receipt`, `orderId`, `subscription.packageId`): the package and term, the amount charged with its VAT (GBP, §3
 * Package.vatAmount), what paid (a card's brand and last four, the PayPal e-mail, the Venmo @username, Apple Pay's card
 * — never a card number: the server never has one), the order number and where the receipt e-mail went, the term's
 * start and end (in the parent's time zone, spec §3 parent.timeZone), a GBP order's VAT invoice number and the link
 * of the printable receipt.
 * Money in major units, 2 decimals, in `currencyCode`.
 */
export interface PaidOrder {
  /** The order number, as the receipt e-mail names it (join-api's order id). */
  orderId: string;
  packageId: number;
  /** The package's name as join-api's receipt gives it. */
  packageName: string;
  /** The term bought, in years; absent from an older server. */
  years?: 1 | 2;
  /** The amount charged, major units. */
  amount: number;
  currencyCode: Currency;
  /** GBP only: the VAT included in `amount`, major units. */
  vatAmount?: number;
  paymentMethod: PaymentMethodSummary | null;
  /** Where the receipt e-mail was sent; null when join-api queued none (or is older). */
  receiptEmail: string | null;
  /** The term's start (when the order was paid) and end, ISO 8601 (`subscription.startsAt` / `expiresAt`). */
  startsAt?: string;
  expiresAt?: string;
  /** The parent's IANA time zone the dates are shown in (spec §3 parent.timeZone); absent from an older server. */
  timeZone?: string;
  /** GBP: the VAT invoice's number; absent elsewhere and from an older server. */
  invoiceNumber?: number;
  /** The printable receipt's signed link; absent from an older server. */
  receiptUrl?: string;
  /** Whether the subscription renews automatically (`subscription.autoRenew` of the answer, docs/RENEWAL.md). */
  autoRenew?: boolean;
  /** With `autoRenew`: the renewal's price (`renewalQuote`'s `charged`, major units) and its GBP VAT. */
  renewalAmount?: number;
  renewalVat?: number;
}

/**
 * The confirmation of a paid order's answer; `renewal` is the chosen package's renewal quote, kept when the answer
 * says the subscription renews automatically.
 */
export function paidOrderOf(answer: OrderResponse, renewal?: Quote): PaidOrder {
  const r = answer.receipt;
  const renews = answer.subscription.autoRenew === true;
  return {
    orderId: answer.orderId,
    packageId: answer.subscription.packageId,
    packageName: r.packageName,
    ...(r.years ? { years: r.years } : {}),
    amount: r.amount,
    currencyCode: r.currencyCode,
    ...(r.vatAmount !== undefined ? { vatAmount: r.vatAmount } : {}),
    paymentMethod: r.paymentMethod,
    receiptEmail: r.receiptEmail,
    startsAt: answer.subscription.startsAt,
    expiresAt: answer.subscription.expiresAt,
    ...(r.timeZone ? { timeZone: r.timeZone } : {}),
    ...(typeof r.invoiceNumber === 'number' ? { invoiceNumber: r.invoiceNumber } : {}),
    ...(r.receiptUrl ? { receiptUrl: r.receiptUrl } : {}),
    autoRenew: renews,
    ...(renews && renewal ? { renewalAmount: renewal.charged } : {}),
    ...(renews && renewal?.vat != null ? { renewalVat: renewal.vat } : {}),
  };
}

/**
 * The sessionStorage key of a parent's confirmation, scoped to the parent (another parent signing up in the same tab
 * never sees it), so that a reload of the step after paying shows it again.
 * @param userId the parent's user id.
 */
export function paidOrderStorageKey(userId: string | number): string {
  return `ofw.join.paidOrder.${userId}`;
}

function storageOf(storage?: Storage): Storage | undefined {
  if (storage) return storage;
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage denied: the confirmation lives as long as the page
  }
}

// the stored confirmation is validated with the contract's own receipt fields (what the server answered)
const StoredReceipt = ReceiptSchema.pick({
  packageName: true,
  years: true,
  amount: true,
  currencyCode: true,
  vatAmount: true,
  paymentMethod: true,
  receiptEmail: true,
  timeZone: true,
  invoiceNumber: true,
  receiptUrl: true,
});

/**
 * Stores the confirmation of a paid order (nothing of a card beyond what the receipt names: brand and last four).
 * @param userId the parent's user id; `undefined` stores nothing.
 * @param order the confirmation ({@link paidOrderOf}).
 * @param storage defaults to `sessionStorage`; a refused write keeps it in memory only.
 */
export function savePaidOrder(userId: number | undefined, order: PaidOrder, storage?: Storage): void {
  const s = storageOf(storage);
  if (userId === undefined || !s) return;
  try {
    s.setItem(paidOrderStorageKey(userId), JSON.stringify(order));
  } catch {
    // quota or denied
  }
}

/**
 * The parent's stored confirmation, or `undefined` when none is stored or what is stored is not one.
 * @param userId the parent's user id; `undefined` reads nothing.
 * @param storage defaults to `sessionStorage`.
 */
export function loadPaidOrder(userId: number | undefined, storage?: Storage): PaidOrder | undefined {
  const s = storageOf(storage);
  if (userId === undefined || !s) return undefined;
  try {
    const raw = s.getItem(paidOrderStorageKey(userId));
    if (raw === null) return undefined;
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    const receipt = StoredReceipt.safeParse(value);
    if (!receipt.success || typeof value?.orderId !== 'string' || typeof value.packageId !== 'number') return undefined;
    const { invoiceNumber, ...data } = receipt.data;
    const term = (k: 'startsAt' | 'expiresAt') => (typeof value[k] === 'string' ? { [k]: value[k] } : {});
    const amount = (k: 'renewalAmount' | 'renewalVat') => (typeof value[k] === 'number' ? { [k]: value[k] } : {});
    return {
      ...data,
      ...(typeof invoiceNumber === 'number' ? { invoiceNumber } : {}),
      ...term('startsAt'),
      ...term('expiresAt'),
      ...(typeof value.autoRenew === 'boolean' ? { autoRenew: value.autoRenew } : {}),
      ...amount('renewalAmount'),
      ...amount('renewalVat'),
      orderId: value.orderId,
      packageId: value.packageId,
    };
  } catch {
    return undefined;
  }
}

/**
 * Forgets the parent's stored confirmation (sign-out: the next person at this computer must not see what was paid).
 * @param userId the parent's user id; `undefined` forgets nothing.
 * @param storage defaults to `sessionStorage`.
 */
export function clearPaidOrder(userId: number | undefined, storage?: Storage): void {
  const s = storageOf(storage);
  if (userId === undefined || !s) return;
  try {
    s.removeItem(paidOrderStorageKey(userId));
  } catch {
    // storage denied: nothing was stored
  }
}

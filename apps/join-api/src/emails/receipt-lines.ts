import type { IntlShape } from 'react-intl';
import { formatPrice, fromMinor, termTimeZone, vatBreakdown, type Currency } from '@ofw/domain';
import type { ReceiptLine, ReceiptPayload, ReceiptSections } from './templates.js';

export type { ReceiptLine, ReceiptSections } from './templates.js';

type Translate = (id: string, values?: Record<string, string | number>) => string;

/**
 * "Paid with": the wallet and its account for a wallet order (PayPal e-mail, Venmo @username, Apple Pay card's brand
 * and last four), brand and last four for a card, "No payment needed" when nothing was charged.
 */
function paidWith(p: ReceiptPayload, t: Translate): string {
  const method = p.paymentMethod;
  if (method?.type === 'paypal')
    return method.payerEmail ? t('receipt.payPalValue', { email: method.payerEmail }) : 'PayPal';
  if (method?.type === 'venmo')
    return method.username ? t('receipt.venmoValue', { username: method.username }) : 'Venmo';
  if (method?.type === 'apple_pay')
    return method.brand && method.last4
      ? t('receipt.applePayValue', { brand: method.brand, last4: method.last4 })
      : 'Apple Pay';
  return p.cardBrand && p.cardLast4
    ? t('receipt.cardValue', { brand: p.cardBrand, last4: p.cardLast4 })
    : (p.cardBrand ?? t('receipt.noCard'));
}

/**
 * The lines of a GBP VAT invoice (HMRC VAT Notice 700 §16.3: number, supplier's name, address and VAT number, rate,
 * net, VAT, total), money from @ofw/domain's `vatBreakdown` (spec §9); null for other currencies or a receipt queued
 * without a seller.
 */
function invoiceLines(p: ReceiptPayload, t: Translate): ReceiptLine[] | null {
  const b = vatBreakdown(fromMinor(p.amountMinor), p.currency as Currency);
  if (!b || !p.seller) return null;
  const money = (n: number) => formatPrice(n, p.currency as Currency);
  return [
    ...(p.invoiceNumber != null ? [{ label: t('receipt.invoice.number'), value: String(p.invoiceNumber) }] : []),
    { label: t('receipt.invoice.seller'), value: p.seller.name },
    { label: t('receipt.invoice.address'), value: p.seller.address },
    { label: t('receipt.invoice.vatNumber'), value: p.seller.vatNumber },
    { label: t('receipt.invoice.rate'), value: t('receipt.invoice.rateValue', { rate: b.ratePercent }) },
    { label: t('receipt.invoice.net'), value: money(b.net) },
    { label: t('receipt.invoice.vat'), value: money(b.vat) },
    { label: t('receipt.invoice.gross'), value: money(b.gross) },
  ];
}

/**
 * What a receipt prints — the receipt e-mail and the printable receipt page alike: package, term with its start and
 * end, discount, credit, amount, VAT, what paid, order number and date; every date in the parent's time zone (spec §3
 * parent.timeZone, @ofw/domain `termTimeZone`; a receipt queued before the zone was recorded: UTC) and the reader's
 * language (`intl`). Money is formatted by @ofw/domain's formatPrice.
 */
export function receiptSections(intl: IntlShape, p: ReceiptPayload): ReceiptSections {
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  const timeZone = termTimeZone(p.timeZone);
  const date = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'long', timeZone });
  const money = (minor: number) => formatPrice(fromMinor(minor), p.currency as Currency);
  const lines: ReceiptLine[] = [
    { label: t('receipt.package'), value: p.packageName },
    { label: t('receipt.term'), value: t('receipt.years', { years: p.years }) },
    ...(p.startsAt ? [{ label: t('receipt.termStart'), value: date(p.startsAt) }] : []),
    ...(p.expiresAt ? [{ label: t('receipt.termEnd'), value: date(p.expiresAt) }] : []),
    ...(p.discountMinor > 0 ? [{ label: t('receipt.discount'), value: `−${money(p.discountMinor)}` }] : []),
    ...(p.creditMinor > 0 ? [{ label: t('receipt.credit'), value: `−${money(p.creditMinor)}` }] : []),
    { label: t('receipt.amount'), value: `${money(p.amountMinor)} ${p.currency}` },
    ...(p.vatMinor !== null ? [{ label: t('receipt.vat'), value: money(p.vatMinor) }] : []),
    { label: t('receipt.card'), value: paidWith(p, t) },
    { label: t('receipt.order'), value: p.orderId },
    { label: t('receipt.date'), value: date(p.paidAt) },
  ];
  return { lines, invoice: invoiceLines(p, t) };
}

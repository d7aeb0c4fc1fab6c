import type { PaymentMethodSummary } from '@ofw/api-client';
import type { IntlShape } from 'react-intl';
import { renewalChargeAt, termTimeZone } from '@ofw/domain';
import { useIntl } from 'react-intl';
import { confirmationMessages as m, renewalMessages } from '../messages.js';
import { renewalPriceText } from '../steps/terms/renewal-text.js';
import type { PaidOrder } from '../paid-order.js';
import { price } from '../pricing.js';

/** Wallet names are brand names: shown as the wallets write them, in every language. */
const WALLETS = { paypal: 'PayPal', venmo: 'Venmo', apple_pay: 'Apple Pay' } as const;

function cardText(intl: IntlShape, brand: string | null, last4: string | null): string {
  if (brand && last4) return intl.formatMessage(m.card, { brand, last4 });
  if (last4) return intl.formatMessage(m.cardNoBrand, { last4 });
  return brand ?? intl.formatMessage(m.cardUnknown);
}

/**
 * What paid, as the parent reads it: "Visa ending in 1111", "PayPal (jane@example.com)", "Venmo (@venmojoe)",
 * "Apple Pay (Visa ending in 1881)"; a wallet without its account is its name alone.
 */
export function paidWithText(intl: IntlShape, method: PaymentMethodSummary): string {
  if (method.type === 'card') return cardText(intl, method.brand, method.last4);
  const wallet = WALLETS[method.type];
  const account =
    method.type === 'apple_pay'
      ? method.brand || method.last4
        ? cardText(intl, method.brand, method.last4)
        : null
      : method.type === 'paypal'
        ? method.payerEmail
        : method.username;
  return account ? intl.formatMessage(m.wallet, { wallet, account }) : wallet;
}

/**
 * The renewal line (docs/RENEWAL.md), from the answer's `subscription.autoRenew` / `expiresAt`: "Renews automatically on
 * {date} at {price} with {method}" — the date of the charge (`renewalChargeAt`: the term's last day in the parent's
 * zone), the renewal price kept from the terms step's quote, the method that paid — or "Expires on {date}".
 */
function renewalText(intl: IntlShape, order: PaidOrder, date: (d: Date) => string): string | undefined {
  if (!order.expiresAt) return undefined;
  const end = new Date(order.expiresAt);
  if (!order.autoRenew) return intl.formatMessage(renewalMessages.confirmationExpires, { date: date(end) });
  const amount = order.renewalAmount ?? order.amount;
  return intl.formatMessage(renewalMessages.confirmationRenews, {
    date: date(renewalChargeAt(end, order.timeZone)),
    price: renewalPriceText(intl, { charged: amount, vat: order.renewalVat ?? null, currency: order.currencyCode }),
    method: order.paymentMethod ? paidWithText(intl, order.paymentMethod) : '',
  });
}

/**
 * The confirmation a parent can keep, on the step after paying: package and term, the amount paid (formatted as the
 * Pay button showed it: `Intl.NumberFormat` in the §4 payment currency region locale) with the VAT it includes (GBP,
 * §3 Package.vatAmount), what paid, the order number, a GBP order's VAT invoice number, the date and the term's start
 * and end in the parent's time zone (spec §3 parent.timeZone: the end is the same calendar date 1 or 2 years later),
 * where the receipt e-mail went and the link of the printable receipt. Everything comes from
 * join-api's paid-order answer ({@link PaidOrder}); what the answer lacks (an older server) is left out.
 */
export function PaymentConfirmation({ order }: { order: PaidOrder }) {
  const intl = useIntl();
  const money = (n: number) => price(n, order.currencyCode);
  // spec §3 parent.timeZone: the term's dates as the parent's calendar has them, in the page's language
  const timeZone = termTimeZone(order.timeZone);
  const date = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'long', timeZone });
  const renewal = renewalText(intl, order, (d) => intl.formatDate(d, { dateStyle: 'long', timeZone }));
  return (
    <section className="order-summary payment-confirmation" aria-labelledby="payment-confirmation-heading">
      <h2 id="payment-confirmation-heading" className="ofw-fieldset__legend">
        {intl.formatMessage(m.heading)}
      </h2>
      <dl className="payment-confirmation__list">
        <dt>{intl.formatMessage(m.plan)}</dt>
        <dd>
          {order.years
            ? intl.formatMessage(m.planValue, { plan: order.packageName, years: order.years })
            : order.packageName}
        </dd>
        <dt>{intl.formatMessage(m.amount)}</dt>
        <dd>
          {money(order.amount)}
          {order.vatAmount !== undefined ? (
            <>
              {' '}
              <span className="payment-confirmation__vat">
                {intl.formatMessage(m.vat, { vat: money(order.vatAmount) })}
              </span>
            </>
          ) : null}
        </dd>
        {order.paymentMethod ? (
          <>
            <dt>{intl.formatMessage(m.paidWith)}</dt>
            <dd>{paidWithText(intl, order.paymentMethod)}</dd>
          </>
        ) : null}
        <dt>{intl.formatMessage(m.orderNumber)}</dt>
        <dd>{order.orderId}</dd>
        {order.invoiceNumber !== undefined ? (
          <>
            <dt>{intl.formatMessage(m.invoiceNumber)}</dt>
            <dd>{order.invoiceNumber}</dd>
          </>
        ) : null}
        {order.startsAt && order.expiresAt ? (
          <>
            <dt>{intl.formatMessage(m.date)}</dt>
            <dd>{date(order.startsAt)}</dd>
            <dt>{intl.formatMessage(m.termStart)}</dt>
            <dd>{date(order.startsAt)}</dd>
            <dt>{intl.formatMessage(m.termEnd)}</dt>
            <dd>{date(order.expiresAt)}</dd>
          </>
        ) : null}
        {renewal ? (
          <>
            <dt>{intl.formatMessage(renewalMessages.confirmationLabel)}</dt>
            <dd>{renewal}</dd>
          </>
        ) : null}
      </dl>
      {order.receiptEmail ? <p>{intl.formatMessage(m.receiptSent, { email: order.receiptEmail })}</p> : null}
      {order.receiptUrl ? (
        <p>
          <a href={order.receiptUrl} target="_blank" rel="noopener noreferrer">
            {intl.formatMessage(m.printReceipt)}
          </a>
        </p>
      ) : null}
    </section>
  );
}

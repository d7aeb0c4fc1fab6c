import type { Quote } from '@ofw/domain';
import { useIntl } from 'react-intl';
import { paymentMessagesUi } from '../../messages.js';
import { price } from '../../pricing.js';

/** The order summary of the payment step: plan, coupon discount, upgrade credit, VAT (GBP) and total, all from `quote`. */
export function OrderSummary({ name, quote: q }: { name: string; quote: Quote }) {
  const intl = useIntl();
  const fmt = (n: number) => price(n, q.currency);
  return (
    <section className="order-summary" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading" className="ofw-fieldset__legend">
        {intl.formatMessage(paymentMessagesUi.summary)}
      </h2>
      <p>{intl.formatMessage(paymentMessagesUi.plan, { plan: name, years: q.years })}</p>
      {q.discount > 0 ? (
        <p>
          {intl.formatMessage(paymentMessagesUi.discount, {
            amount: fmt(q.discount),
            percent: q.discountPercent,
          })}
        </p>
      ) : null}
      {q.credit > 0 ? <p>{intl.formatMessage(paymentMessagesUi.credit, { amount: fmt(q.credit) })}</p> : null}
      {q.vat !== null ? <p>{intl.formatMessage(paymentMessagesUi.vat, { vat: fmt(q.vat) })}</p> : null}
      <p>
        <strong>{intl.formatMessage(paymentMessagesUi.total, { total: fmt(q.charged) })}</strong>
      </p>
    </section>
  );
}

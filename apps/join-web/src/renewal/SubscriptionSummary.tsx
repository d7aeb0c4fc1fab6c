import type { RenewalLink } from '@ofw/api-client';
import { useIntl } from 'react-intl';
import { paidWithText } from '../join/confirmation/PaymentConfirmation.js';
import { renewalMessages as m } from '../join/messages.js';

/**
 * A date of the subscription as the parent reads it: long style, in the parent's time zone when the link gives it
 * (spec §3 parent.timeZone, as the receipt dates the term), else the browser's.
 */
export function useLongDate(timeZone?: string): (iso: string) => string {
  const intl = useIntl();
  return (iso) => intl.formatDate(new Date(iso), { dateStyle: 'long', ...(timeZone ? { timeZone } : {}) });
}

/**
 * The subscription a renewal link is about (docs/RENEWAL.md): its package, when it renews, the amount and the saved
 * payment method — each line only when join-api gave it.
 */
export function SubscriptionSummary({ link }: { link: RenewalLink }) {
  const intl = useIntl();
  const date = useLongDate(link.timeZone);
  const { renewal, paymentMethod } = link.subscription;
  return (
    <dl className="payment-confirmation__list renewal-summary">
      <dt>{intl.formatMessage(m.plan)}</dt>
      <dd>{link.packageName}</dd>
      {renewal ? (
        <>
          <dt>{intl.formatMessage(m.renewsOn)}</dt>
          <dd>{date(renewal.chargeOn)}</dd>
          <dt>{intl.formatMessage(m.amount)}</dt>
          <dd>{renewal.formattedAmount}</dd>
        </>
      ) : null}
      {paymentMethod ? (
        <>
          <dt>{intl.formatMessage(m.method)}</dt>
          <dd>{paidWithText(intl, paymentMethod)}</dd>
        </>
      ) : null}
    </dl>
  );
}

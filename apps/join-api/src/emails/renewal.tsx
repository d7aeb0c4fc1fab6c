import { Button, Heading, Section, Text } from '@react-email/components';
import type { IntlShape } from 'react-intl';
import type { PaymentMethodSummary } from '../gateway/types.js';
import { Layout, styles } from './templates.js';
import { nameValues } from './display-name.js';

/**
 * What a renewal e-mail is about (docs/RENEWAL.md "E-mails"): `reminder` (30 and 7 days before a renewal, with the
 * turn-off link), `expiring` (30 and 7 days before the end of a term that does not renew), `declined` (a renewal
 * declined, with the update-card link and the next try), `ended_declined` (the last retry declined) and `expired` (a
 * term that ended without renewal) — both with the come-back link.
 */
export type RenewalNotice = 'reminder' | 'expiring' | 'declined' | 'ended_declined' | 'expired';

/** The outbox payload of a renewal e-mail (kind 'renewal_notice'). */
export interface RenewalNoticePayload {
  languageLocale: string;
  firstName: string;
  notice: RenewalNotice;
  subscriptionId: number;
  packageId: number;
  /** The date the e-mail names (ISO 8601): the renewal, the end, or the next try; read in `timeZone`. */
  date: string;
  /** The parent's IANA zone (spec §3 parent.timeZone). */
  timeZone: string;
  /** The renewal's price (minor units) and currency, when the e-mail names it. */
  amountMinor: number | null;
  currency: string | null;
  /** The saved method a renewal charges (brand and last four, PayPal e-mail, Venmo @user), or null. */
  paymentMethod: PaymentMethodSummary | null;
  /** `${PUBLIC_URL}/renewal/<token>` (a bearer link: scrubbed from the outbox row once sent), absent when none. */
  link?: string;
}

/** The saved method as the e-mails name it: "Visa ending 1111", "PayPal (pat@example.com)", "Venmo @pat". */
export function methodText(intl: IntlShape, m: PaymentMethodSummary | null): string {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  if (m?.type === 'card' && m.brand && m.last4) return t('renewal.method.card', { brand: m.brand, last4: m.last4 });
  if (m?.type === 'apple_pay' && m.brand && m.last4)
    return t('renewal.method.applePay', { brand: m.brand, last4: m.last4 });
  if (m?.type === 'paypal' && m.payerEmail) return t('renewal.method.payPal', { email: m.payerEmail });
  if (m?.type === 'venmo' && m.username) return t('renewal.method.venmo', { username: m.username });
  return t('renewal.method.saved');
}

/** The message id stem of a notice's texts. */
const STEM: Record<RenewalNotice, string> = {
  reminder: 'renewal.reminder',
  expiring: 'renewal.expiring',
  declined: 'renewal.declined',
  ended_declined: 'renewal.ended',
  expired: 'renewal.ended',
};

/** The subject of a renewal e-mail, in the reader's language. */
export function renewalSubject(intl: IntlShape, p: RenewalNoticePayload, f: { date: string }): string {
  return intl.formatMessage({ id: `${STEM[p.notice]}.subject` }, { date: f.date });
}

/** A renewal e-mail: `f` holds the figures already formatted in the reader's language and zone. */
export function RenewalEmail(props: {
  intl: IntlShape;
  p: RenewalNoticePayload;
  f: { date: string; amount: string; method: string; packageName: string };
}) {
  const { intl, p, f } = props;
  const t = (id: string) => intl.formatMessage({ id }, { ...f, link: p.link ?? '' });
  const stem = STEM[p.notice];
  const body =
    p.notice === 'ended_declined'
      ? 'renewal.ended.body.declined'
      : p.notice === 'expired'
        ? 'renewal.ended.body.expired'
        : `${stem}.body`;
  const button = p.notice === 'expiring' ? undefined : `${stem}.button`;
  return (
    <Layout intl={intl} preview={t(`${stem}.subject`)}>
      <Heading style={styles.heading}>{t(`${stem}.heading`)}</Heading>
      <Text>{intl.formatMessage({ id: 'ended.greeting' }, nameValues('firstName', p.firstName))}</Text>
      <Text>{t(body)}</Text>
      <Text>{t(`${stem}.next`)}</Text>
      {p.link && button ? (
        <>
          <Section style={{ margin: '24px 0' }}>
            <Button href={p.link} style={styles.button}>
              {t(button)}
            </Button>
          </Section>
          <Text>{t('renewal.linkText')}</Text>
        </>
      ) : null}
    </Layout>
  );
}

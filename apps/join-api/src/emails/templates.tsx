import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import type { IntlShape } from 'react-intl';
import type { ReactNode } from 'react';
import type { PaymentMethodSummary } from '../gateway/types.js';
import type { Seller } from '../env-receipts.js';
import { nameValues } from './display-name.js';

/** What the invitation e-mail shows (outbox payload of kind 'invitation'). Never what the other parent paid. */
export interface InvitationPayload {
  languageLocale: string;
  /**
   * The inviting parent's first name: the only name the e-mail shows, cleaned at render (display-name.ts
   * `emailFirstName`); absent in rows queued before it existed.
   */
  inviterFirstName?: string;
  /** Rows queued before the first name alone was stored: the full name (the e-mail shows its cleaned first word). */
  inviterName?: string;
  /** `${PUBLIC_URL}/invite/<token>`: scrubbed from the outbox row once the message is sent. */
  link: string;
  /** When the invite token expires (ISO 8601). */
  expiresAt: string;
}

/** The e-mail to an address that already has an account: sign in instead of joining (no enumeration in the UI). */
export interface SignInPayload {
  languageLocale: string;
  /** As {@link InvitationPayload.inviterFirstName}. */
  inviterFirstName?: string;
  /** As {@link InvitationPayload.inviterName}. */
  inviterName?: string;
  signInUrl: string;
}

/** One label/value line of a receipt. */
export interface ReceiptLine {
  label: string;
  value: string;
}

/** What a receipt prints, in the reader's language: the receipt's lines, and for GBP the VAT invoice's. */
export interface ReceiptSections {
  lines: ReceiptLine[];
  /** GBP: the VAT invoice (number, seller, rate, net, VAT, gross); null in other currencies. */
  invoice: ReceiptLine[] | null;
}

/** The receipt of a paid order: every figure comes from the order row, pre-formatted by @ofw/domain's formatPrice. */
export interface ReceiptPayload {
  languageLocale: string;
  firstName: string;
  orderId: string;
  /** When the order was paid (ISO 8601). */
  paidAt: string;
  packageId: number;
  packageName: string;
  years: number;
  currency: string;
  amountMinor: number;
  /** The VAT inside the amount (GBP), or null. */
  vatMinor: number | null;
  discountMinor: number;
  creditMinor: number;
  cardBrand: string | null;
  cardLast4: string | null;
  /** What paid (receipts.ts `orderPaymentMethod`); absent in receipts queued before it was recorded (then: the card). */
  paymentMethod?: PaymentMethodSummary | null;
  /** The parent's IANA time zone (spec §3 parent.timeZone): every date is printed in it; absent in older receipts (UTC). */
  timeZone?: string | null;
  /** The term's start and end (ISO 8601; @ofw/domain `termEnd`); absent in older receipts. */
  startsAt?: string;
  expiresAt?: string;
  /** GBP: the VAT invoice's number (orders.invoice_number), null elsewhere; absent in older receipts. */
  invoiceNumber?: number | null;
  /** GBP: the seller the VAT invoice names (join-api's SELLER_* settings when the order was paid). */
  seller?: Seller | null;
  /** The printable receipt's signed link (receipt-link.ts); absent in older receipts. */
  receiptUrl?: string;
}

export const styles = {
  body: { backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', color: '#1f2933' },
  container: { backgroundColor: '#ffffff', padding: '24px', maxWidth: '560px', margin: '24px auto' },
  heading: { fontSize: '22px', margin: '0 0 16px' },
  subheading: { fontSize: '18px', margin: '24px 0 8px' },
  button: {
    backgroundColor: '#0b5cad',
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: '4px',
    textDecoration: 'none',
    fontWeight: 600,
  },
  label: { color: '#52606d', margin: '4px 0' },
  value: { margin: '4px 0', textAlign: 'right' as const, fontWeight: 600 },
  footer: { color: '#7b8794', fontSize: '12px' },
};

/** The frame of every e-mail: preview line, body and footer. */
export function Layout(props: { intl: IntlShape; preview: string; children: ReactNode }) {
  return (
    <Html lang={props.intl.locale}>
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {props.children}
          <Hr />
          <Text style={styles.footer}>{props.intl.formatMessage({ id: 'email.footer' })}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The values of a message naming the inviter: their cleaned first name, or the neutral phrase (display-name.ts). */
export const inviterValues = (p: { inviterFirstName?: string; inviterName?: string }) =>
  nameValues('inviter', p.inviterFirstName ?? p.inviterName);

export function InvitationEmail({ intl, p, expires }: { intl: IntlShape; p: InvitationPayload; expires: string }) {
  const inviter = inviterValues(p);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, { ...inviter, ...values });
  return (
    <Layout intl={intl} preview={t('invitation.preview')}>
      <Heading style={styles.heading}>{t('invitation.heading')}</Heading>
      <Text>{t('invitation.body')}</Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={p.link} style={styles.button}>
          {t('invitation.button')}
        </Button>
      </Section>
      <Text>{t('invitation.link', { link: p.link })}</Text>
      <Text>{t('invitation.expires', { date: expires })}</Text>
      <Text>{t('invitation.ignore')}</Text>
    </Layout>
  );
}

export function SignInEmail({ intl, p }: { intl: IntlShape; p: SignInPayload }) {
  const inviter = inviterValues(p);
  const t = (id: string) => intl.formatMessage({ id }, inviter);
  return (
    <Layout intl={intl} preview={t('signIn.preview')}>
      <Heading style={styles.heading}>{t('signIn.heading')}</Heading>
      <Text>{t('signIn.body')}</Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={p.signInUrl} style={styles.button}>
          {t('signIn.button')}
        </Button>
      </Section>
      <Text>
        <Link href={p.signInUrl}>{p.signInUrl}</Link>
      </Text>
      <Text>{t('signIn.ignore')}</Text>
    </Layout>
  );
}

/** One label/value line of the receipt. */
function Line({ label, value }: { label: string; value: string }) {
  return (
    <Row>
      <Column>
        <Text style={styles.label}>{label}</Text>
      </Column>
      <Column>
        <Text style={styles.value}>{value}</Text>
      </Column>
    </Row>
  );
}

/** The receipt e-mail: `sections` as receipt-lines.ts words them, `amount` (formatted) for the preview line. */
export function ReceiptEmail(props: { intl: IntlShape; p: ReceiptPayload; sections: ReceiptSections; amount: string }) {
  const { intl, p, sections, amount } = props;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Layout intl={intl} preview={t('receipt.preview', { amount, packageName: p.packageName })}>
      <Heading style={styles.heading}>{t('receipt.heading')}</Heading>
      <Text>{t('receipt.greeting', nameValues('firstName', p.firstName))}</Text>
      <Section>
        {sections.lines.map((l) => (
          <Line key={l.label} label={l.label} value={l.value} />
        ))}
      </Section>
      {sections.invoice ? (
        <Section>
          <Heading as="h2" style={styles.subheading}>
            {t('receipt.invoice.heading')}
          </Heading>
          {sections.invoice.map((l) => (
            <Line key={l.label} label={l.label} value={l.value} />
          ))}
        </Section>
      ) : null}
      {p.receiptUrl ? (
        <>
          <Section style={{ margin: '24px 0' }}>
            <Button href={p.receiptUrl} style={styles.button}>
              {t('receipt.printLink')}
            </Button>
          </Section>
          <Text>{t('receipt.printLinkText', { link: p.receiptUrl })}</Text>
        </>
      ) : null}
    </Layout>
  );
}

/** Why a subscription ended before its term (schema.ts `MoneyGoneReason`). */
export type EndedReason = 'settlement_declined' | 'refunded' | 'voided' | 'dispute_lost';

/**
 * The e-mail to a parent whose subscription ended because its money is gone (docs/PAYMENTS-LIFECYCLE.md): what
 * happened, in their language, and what to do — join again (a new payment) or write to support.
 */
export interface SubscriptionEndedPayload {
  languageLocale: string;
  firstName: string;
  orderId: string;
  reason: EndedReason;
  packageId: number;
  years: number;
  currency: string;
  amountMinor: number;
  /** When the subscription ended (ISO 8601). */
  endedAt: string;
  /** `${PUBLIC_URL}/join`: where the parent subscribes again. */
  joinUrl: string;
}

/** The operator's e-mail about a dispute opened on a sale (to `OPS_EMAIL`, in en-US): answer it before `replyByDate`. */
export interface DisputeOpenedPayload {
  languageLocale: string;
  disputeId: string;
  transactionId: string | null;
  orderId: string | null;
  /** Major units as the provider sent them ("216.00"), or null. */
  amount: string | null;
  currency: string | null;
  reason: string | null;
  /** YYYY-MM-DD, or null when the provider gave none. */
  replyByDate: string | null;
}

export function SubscriptionEndedEmail({
  intl,
  p,
  f,
}: {
  intl: IntlShape;
  p: SubscriptionEndedPayload;
  f: { amount: string; date: string; packageName: string };
}) {
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Layout intl={intl} preview={t('ended.preview', { packageName: f.packageName })}>
      <Heading style={styles.heading}>{t('ended.heading')}</Heading>
      <Text>{t('ended.greeting', nameValues('firstName', p.firstName))}</Text>
      <Text>{t(`ended.reason.${p.reason}`, { amount: f.amount, date: f.date })}</Text>
      <Section>
        <Line label={t('receipt.package')} value={f.packageName} />
        <Line label={t('receipt.order')} value={p.orderId} />
        <Line label={t('ended.date')} value={f.date} />
      </Section>
      <Text>{t(`ended.next.${p.reason}`)}</Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={p.joinUrl} style={styles.button}>
          {t('ended.button')}
        </Button>
      </Section>
      <Text>{t('ended.support')}</Text>
    </Layout>
  );
}

export function DisputeOpenedEmail({ intl, p }: { intl: IntlShape; p: DisputeOpenedPayload }) {
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const none = '—';
  return (
    <Layout intl={intl} preview={t('dispute.preview', { replyBy: p.replyByDate ?? none })}>
      <Heading style={styles.heading}>{t('dispute.heading')}</Heading>
      <Text>{t('dispute.body', { replyBy: p.replyByDate ?? none })}</Text>
      <Section>
        <Line label={t('receipt.order')} value={p.orderId ?? none} />
        <Line label={t('dispute.transaction')} value={p.transactionId ?? none} />
        <Line label={t('dispute.id')} value={p.disputeId} />
        <Line label={t('receipt.amount')} value={`${p.amount ?? none} ${p.currency ?? ''}`.trim()} />
        <Line label={t('dispute.reason')} value={p.reason ?? none} />
        <Line label={t('dispute.replyBy')} value={p.replyByDate ?? none} />
      </Section>
    </Layout>
  );
}

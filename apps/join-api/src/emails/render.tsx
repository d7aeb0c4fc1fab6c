import type { ReactElement } from 'react';
import { render } from '@react-email/render';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import {
  formatCatalogueText,
  formatPrice,
  fromMinor,
  getPackage,
  packageText,
  preferredLocale,
  type Currency,
  type Locale,
} from '@ofw/domain';
import enUS from './messages/en-US.json' with { type: 'json' };
import enGB from './messages/en-GB.json' with { type: 'json' };
import esUS from './messages/es-US.json' with { type: 'json' };
import esMX from './messages/es-MX.json' with { type: 'json' };
import {
  DisputeOpenedEmail,
  InvitationEmail,
  inviterValues,
  ReceiptEmail,
  SignInEmail,
  SubscriptionEndedEmail,
  type DisputeOpenedPayload,
  type InvitationPayload,
  type ReceiptPayload,
  type SignInPayload,
  type SubscriptionEndedPayload,
} from './templates.js';
import { receiptSections } from './receipt-lines.js';
import { EmailCodeEmail, emailCodeSubject, type EmailCodePayload } from './email-code.js';
import { RenewalEmail, methodText, renewalSubject, type RenewalNoticePayload } from './renewal.js';

/** The react-intl catalogues of the e-mails, one per product locale (§1; docs/QUALITY.md). */
export const EMAIL_CATALOGUES: Record<Locale, Record<string, string>> = {
  'en-US': enUS,
  'en-GB': enGB,
  'es-US': esUS,
  'es-MX': esMX,
};

export type EmailKind =
  | 'invitation'
  | 'coparent_sign_in'
  | 'receipt'
  | 'subscription_ended'
  | 'dispute_opened'
  | 'renewal_notice'
  | 'email_code';
export type EmailPayload<K extends EmailKind> = K extends 'invitation'
  ? InvitationPayload
  : K extends 'coparent_sign_in'
    ? SignInPayload
    : K extends 'subscription_ended'
      ? SubscriptionEndedPayload
      : K extends 'dispute_opened'
        ? DisputeOpenedPayload
        : K extends 'renewal_notice'
          ? RenewalNoticePayload
          : K extends 'email_code'
            ? EmailCodePayload
            : ReceiptPayload;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  locale: Locale;
}

/**
 * The catalogue an e-mail is written in: the parent's locale (`languageLocale`, stored at signup from the locale the
 * parent joined in — §1 en-US, en-GB, es-US, es-MX), so an e-mail reads like the pages the parent saw: es-US and
 * es-MX parents get Spanish, en-GB British English. A value that is not one of the four is mapped by `@ofw/domain`'s
 * `preferredLocale` (es_ES → es-US, en-AU → en-GB, anything else en-US). `renderEmail`'s `locale` forces one (the
 * preview script renders every catalogue).
 */
export function emailLocale(languageLocale: string | null | undefined): Locale {
  return preferredLocale(languageLocale ? [languageLocale] : []);
}

/**
 * The plan name a receipt shows, in the e-mail's locale: `@ofw/domain`'s message id of the package (`packageText`,
 * the same text join-web shows), or the name queued with the receipt for a package the catalogue no longer has.
 */
export function planName(intl: IntlShape, p: { packageId: number; packageName?: string }): string {
  const pkg = getPackage(p.packageId);
  return pkg ? formatCatalogueText(packageText(pkg).name, intl.formatMessage) : (p.packageName ?? String(p.packageId));
}

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();
function intlFor(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale, messages: EMAIL_CATALOGUES[locale], defaultLocale: 'en-US' }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

const money = (minor: number, currency: string) => formatPrice(fromMinor(minor), currency as Currency);

/**
 * Renders an outbox message (HTML and plain text from the same React template and catalogue).
 * @param locale - overrides the catalogue chosen by {@link emailLocale} (previews).
 */
export async function renderEmail<K extends EmailKind>(
  kind: K,
  payload: EmailPayload<K>,
  locale: Locale = emailLocale(payload.languageLocale),
): Promise<RenderedEmail> {
  const intl = intlFor(locale);
  const date = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'long', timeZone: 'UTC' });
  let subject: string;
  let element: ReactElement;
  if (kind === 'invitation') {
    const p = payload as InvitationPayload;
    subject = intl.formatMessage({ id: 'invitation.subject' }, inviterValues(p));
    element = <InvitationEmail intl={intl} p={p} expires={date(p.expiresAt)} />;
  } else if (kind === 'coparent_sign_in') {
    const p = payload as SignInPayload;
    subject = intl.formatMessage({ id: 'signIn.subject' }, inviterValues(p));
    element = <SignInEmail intl={intl} p={p} />;
  } else if (kind === 'email_code') {
    subject = emailCodeSubject(intl);
    element = <EmailCodeEmail intl={intl} p={payload as EmailCodePayload} />;
  } else if (kind === 'subscription_ended') {
    const p = payload as SubscriptionEndedPayload;
    subject = `${intl.formatMessage({ id: 'ended.subject' })} (${p.orderId})`;
    const f = { amount: money(p.amountMinor, p.currency), date: date(p.endedAt), packageName: planName(intl, p) };
    element = <SubscriptionEndedEmail intl={intl} p={p} f={f} />;
  } else if (kind === 'dispute_opened') {
    const p = payload as DisputeOpenedPayload;
    subject = intl.formatMessage(
      { id: 'dispute.subject' },
      { orderId: p.orderId ?? p.transactionId ?? p.disputeId, replyBy: p.replyByDate ?? '—' },
    );
    element = <DisputeOpenedEmail intl={intl} p={p} />;
  } else if (kind === 'renewal_notice') {
    const p = payload as RenewalNoticePayload;
    // the renewal's date as the parent lives it: in their zone (spec §3 parent.timeZone)
    const f = {
      date: intl.formatDate(new Date(p.date), { dateStyle: 'long', timeZone: p.timeZone }),
      amount: p.amountMinor === null || p.currency === null ? '' : money(p.amountMinor, p.currency),
      method: methodText(intl, p.paymentMethod),
      packageName: planName(intl, p),
    };
    subject = renewalSubject(intl, p, f);
    element = <RenewalEmail intl={intl} p={p} f={f} />;
  } else {
    const p = { ...(payload as ReceiptPayload), packageName: planName(intl, payload as ReceiptPayload) };
    subject = `${intl.formatMessage({ id: 'receipt.subject' })} (${p.orderId})`;
    const amount = money(p.amountMinor, p.currency);
    element = <ReceiptEmail intl={intl} p={p} sections={receiptSections(intl, p)} amount={amount} />;
  }
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text, locale };
}

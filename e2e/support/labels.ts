import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import path from 'node:path';
import { root } from './env';

/**
 * The UI locales of join-web's catalogues (§1). The matrix runs en-US and es-MX ("Done when"); the
 * screenshot tour (tour/) all four.
 */
export type UiLocale = 'en-US' | 'en-GB' | 'es-US' | 'es-MX';

/** A message id of join-web's catalogues (`apps/join-web/src/i18n/lang/<locale>.json`). */
export type MessageId = string;

function readCatalogue(locale: UiLocale): Record<MessageId, string> {
  const file = path.join(root, 'apps/join-web/src/i18n/lang', `${locale}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<MessageId, string>;
}

/**
 * Formats a catalogue message as join-web does (react-intl's intl-messageformat, in the UI locale: plurals, number
 * skeletons such as `{percent, number, ::percent scale/0.01}`). Throws on an argument without a value, so a spec never
 * matches a half-formatted text.
 */
export function formatMessage(
  message: string,
  values: Record<string, string | number> = {},
  locale: UiLocale = 'en-US',
): string {
  const text = new IntlMessageFormat(message, locale).format(values);
  if (typeof text !== 'string') throw new Error(`"${message}" does not format to text`);
  return text;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Accessible names and texts the specs rely on, in one UI locale. Everything join-web shows comes from its own
 * message catalogue by id (`t`), so a Spanish spec fails on a label left in English or an id missing from es-MX;
 * the card frames' labels are the payment sandbox's own (apps/payments-sandbox/src/fields.ts).
 */
export interface Labels {
  locale: UiLocale;
  /** The catalogue text of `id` with its `{arguments}` filled; throws when the locale lacks the id. */
  t: (id: MessageId, values?: Record<string, string | number>) => string;
  /** Money as the join pages format it (Intl currency, 2 decimals) in this locale. */
  money: (amount: number, currency: string) => string;
  language: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: string;
  phoneNumber: string;
  country: string;
  continue: string;
  back: string;
  cardNumber: string;
  expirationDate: string;
  cvv: string;
  streetAddress: string;
  city: string;
  username: string;
  password: string;
  securityQuestion: (n: number) => string;
  answer: (n: number) => string;
  finish: string;
  /** The pay button's name: "Pay {amount}" with any amount. */
  pay: RegExp;
}

/**
 * Money as the join pages format it: in the spec's §4 payment currency region locale — en_GB for GBP, en_US otherwise —
 * never in the UI locale, so the same amount reads the same on an es-MX and an en-US page ("$149.99",
 * "£107.99", "CA$179.99"). Computed here with Intl, independently of @ofw/domain's formatPrice.
 */
export function money(amount: number, currency: string, _uiLocale?: string): string {
  return new Intl.NumberFormat(currency === 'GBP' ? 'en-GB' : 'en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** The payment sandbox's hosted-field labels (its `en` / `es` label sets). */
const FRAME_LABELS: Record<UiLocale, Pick<Labels, 'cardNumber' | 'expirationDate' | 'cvv'>> = {
  'en-US': { cardNumber: 'Card number', expirationDate: 'Expiration date', cvv: 'CVV' },
  'en-GB': { cardNumber: 'Card number', expirationDate: 'Expiration date', cvv: 'CVV' },
  'es-US': { cardNumber: 'Número de tarjeta', expirationDate: 'Fecha de vencimiento', cvv: 'CVV' },
  'es-MX': { cardNumber: 'Número de tarjeta', expirationDate: 'Fecha de vencimiento', cvv: 'CVV' },
};

function labelsFor(locale: UiLocale): Labels {
  const catalogue = readCatalogue(locale);
  const t = (id: MessageId, values?: Record<string, string | number>) => {
    const message = catalogue[id];
    if (typeof message !== 'string' || message.trim() === '') throw new Error(`join-web's ${locale} lacks "${id}"`);
    return formatMessage(message, values, locale);
  };
  const payPrefix = catalogue['payment.pay']?.split('{')[0] ?? '';
  return {
    locale,
    t,
    money: (amount, currency) => money(amount, currency, locale),
    language: t('app.language'),
    firstName: t('details.firstName'),
    lastName: t('details.lastName'),
    email: t('details.email'),
    phoneCode: t('details.phoneCode'),
    phoneNumber: t('details.phoneNumber'),
    country: t('details.country'),
    continue: t('steps.continue'),
    back: t('steps.back'),
    ...FRAME_LABELS[locale],
    streetAddress: t('payment.streetAddress'),
    city: t('payment.city'),
    username: t('account.username'),
    password: t('account.password'),
    securityQuestion: (n) => t('account.securityQuestion', { number: n }),
    answer: (n) => t('account.answer', { number: n }),
    finish: t('account.finish'),
    pay: new RegExp(`^${escapeRegExp(payPrefix.trim())}\\s`),
  };
}

export const EN_US: Labels = labelsFor('en-US');
export const ES_MX: Labels = labelsFor('es-MX');
export const LABELS: Record<UiLocale, Labels> = {
  'en-US': EN_US,
  'en-GB': labelsFor('en-GB'),
  'es-US': labelsFor('es-US'),
  'es-MX': ES_MX,
};

/**
 * A billing address and the message ids of the labels its country uses ("City"/"State"/"ZIP code" in the US,
 * "Town or city"/"County (optional)"/"Postcode" in the UK). An empty `region` is left empty (a UK county is optional).
 */
export interface BillingAddress {
  streetAddress: string;
  /** Address line 2 (Braintree `extendedAddress`), typed when given. */
  extendedAddress?: string;
  cityLabel: MessageId;
  city: string;
  regionLabel: MessageId;
  region: string;
  postalLabel: MessageId;
  postalCode: string;
}

export const US_BILLING: BillingAddress = {
  streetAddress: '1 Main Street',
  cityLabel: 'payment.city',
  city: 'Seattle',
  regionLabel: 'payment.state',
  region: 'WA',
  postalLabel: 'payment.zip',
  postalCode: '98101',
};

/** A UK address as a parent types it: no county (optional in the UK), the postcode in lower case without a space. */
export const GB_BILLING: BillingAddress = {
  streetAddress: '10 Downing Street',
  extendedAddress: 'Flat 1',
  cityLabel: 'payment.townOrCity',
  city: 'London',
  regionLabel: 'payment.countyOptional',
  region: '',
  postalLabel: 'payment.postcode',
  postalCode: 'sw1a2aa',
};

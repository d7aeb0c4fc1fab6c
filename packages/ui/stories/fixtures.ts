/**
 * Shared story data: localized labels as join-web passes them, and §9 prices formatted with Intl the way the app
 * formats them. Stories only; not part of the package.
 */
import type { BillingInformationLabels, PackageCardView } from '../src/index.js';

/** Formats a major-unit amount in a locale and currency (what join-web does before passing prices in). */
export const money = (amount: number, currency = 'USD', locale = 'en-US') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);

export const billingLabelsUS: BillingInformationLabels = {
  legend: 'Billing address',
  streetAddress: 'Street address',
  extendedAddress: 'Address line 2 (optional)',
  locality: 'City',
  region: 'State',
  postalCode: 'ZIP code',
};

export const billingLabelsGB: BillingInformationLabels = {
  legend: 'Billing address',
  streetAddress: 'Street address',
  extendedAddress: 'Address line 2 (optional)',
  locality: 'Town or city',
  region: 'County (optional)',
  postalCode: 'Postcode',
};

const FEATURES = {
  essentials: { primary: ['Shared calendar', 'Secure messaging', 'Expense log'], secondary: ['1 GB file storage'] },
  premium: {
    primary: ['Shared calendar', 'Secure messaging', 'Expense log', 'ToneMeter'],
    secondary: ['5 GB file storage', 'Call and video logs'],
  },
  max: {
    primary: ['Shared calendar', 'Secure messaging', 'Expense log', 'ToneMeter enhanced'],
    secondary: ['10 GB file storage', 'Unlimited payments', 'Call and video logs'],
  },
} as const;

type Tier = keyof typeof FEATURES;

/** §9 US prices per tier: [1 year, 2 years]. */
export const US_PRICES: Record<Tier, [number, number]> = {
  essentials: [144, 259],
  premium: [216, 396],
  max: [299.88, 551.76],
};

/** §9 GBP prices (1 year) and their VAT. */
export const GB_PRICES: Record<Tier, { total: number; vat: number }> = {
  essentials: { total: 107.99, vat: 18 },
  premium: { total: 155.99, vat: 26 },
  max: { total: 215.99, vat: 36 },
};

const NAMES: Record<Tier, string> = { essentials: 'Essentials', premium: 'Premium', max: 'Max' };

/** A card view for a tier at a total price and subscription length, prices formatted for the locale/currency. */
export function tierView(
  tier: Tier,
  id: number,
  total: number,
  years: 1 | 2,
  currency = 'USD',
  locale = 'en-US',
): PackageCardView {
  return {
    id,
    selectButtonId: `select-package-${id}`,
    name: NAMES[tier],
    totalPrice: money(total, currency, locale),
    monthlyPrice: `${money(Math.round((total / (12 * years)) * 100) / 100, currency, locale)}/month`,
    termText: years === 1 ? 'for 1 year, billed once' : 'for 2 years, billed once',
    primaryFeatures: FEATURES[tier].primary,
    secondaryFeatures: FEATURES[tier].secondary,
    ...(tier === 'premium' ? { badge: 'Most popular' } : {}),
  };
}

import type { Currency, FeatureFlags, PaymentMethodVisibility } from '../schemas.js';

/**
 * Which extra payment methods are shown for a currency (`true` = shown). Visa and Mastercard are always shown.
 *
 * Source: spec §5 "Payment method visibility by currency":
 * - AUD and NZD: all extra methods hidden.
 * - CAD: Amex and Discover hidden; PayPal shown only with the CAD PayPal flag, Apple Pay only with the Apple Pay
 *   flag. Venmo stays hidden even with its flag: Venmo is a USD-only wallet (invariant "never shows Venmo
 *   outside USD" takes precedence over the flag; see README "Decisions").
 * - GBP: Apple Pay, Discover, PayPal and Venmo hidden; Amex shown.
 * - Default (USD): Apple Pay and Venmo hidden unless their flags are on; PayPal, Amex, Discover shown.
 */
export function paymentMethodVisibility(
  currency: Currency,
  flags: Partial<FeatureFlags> = {},
): PaymentMethodVisibility {
  const applePay = flags.applePay === true;
  const venmo = flags.venmo === true;
  switch (currency) {
    case 'AUD':
    case 'NZD':
      return { applePay: false, venmo: false, payPal: false, amex: false, discover: false };
    case 'CAD':
      return { applePay, venmo: false, payPal: flags.cadPayPal === true, amex: false, discover: false };
    case 'GBP':
      return { applePay: false, venmo: false, payPal: false, amex: true, discover: false };
    default:
      return { applePay, venmo: currency === 'USD' && venmo, payPal: true, amex: true, discover: true };
  }
}

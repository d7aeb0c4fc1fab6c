import type { PaymentMethodSummary } from '@ofw/api-client';

/** A billing address as Braintree's `billing` / `billingAddress` fields take it (every field a string). */
export interface GatewayBillingAddress {
  streetAddress: string;
  extendedAddress?: string;
  locality: string;
  /** Absent where the country needs none (GB, IE county; NZ region): Braintree's billing fields are optional. */
  region?: string;
  postalCode: string;
  countryCodeAlpha2: string;
}

/*
 * The vault calls of the PaymentGateway port (docs/RENEWAL.md): a renewal's recurring sale on a saved method and the
 * saving of a new method. Re-exported by types.ts.
 */

/**
 * A merchant-initiated renewal sale on a saved payment method (Braintree `transaction.sale` with `paymentMethodToken`
 * and `transactionSource: 'recurring'`: no 3D Secure, Braintree "Recurring transactions"). `customer` is sent as on
 * the first sale so that a search by the parent's e-mail finds both. Same orderId rules as types.ts `ChargeRequest`.
 */
export interface RecurringChargeRequest {
  orderId: string;
  amount: string;
  currencyCode: string;
  paymentMethodToken: string;
  customer: { firstName: string; lastName: string; email: string };
}

/**
 * A payment method saved in the provider's vault: its customer, its token (the only handle join-api keeps) and what
 * it is, for the parent's pages and e-mails (docs/RENEWAL.md: nothing else of it is stored).
 */
export interface VaultedMethod {
  customerId: string;
  token: string;
  summary: PaymentMethodSummary;
}

/**
 * Saving a new payment method for renewals (Braintree `paymentMethod.create` with `makeDefault`, or `customer.create`
 * with the nonce when the parent has no vault customer yet): `saved`, or `refused` with why — the nonce is unknown or
 * used (`unknown`, `consumed`), the method cannot be saved (`not_vaultable`: a one-time PayPal payment, a single-use
 * Venmo account), or the card's verification failed (`verification_failed`, with the processor's code and text).
 */
export type SavePaymentMethodResult =
  | { outcome: 'saved'; vaulted: VaultedMethod }
  | {
      outcome: 'refused';
      reason: 'unknown' | 'consumed' | 'not_vaultable' | 'verification_failed';
      processorResponseCode?: string;
      processorResponseText?: string;
    };

/** What {@link PaymentGateway.savePaymentMethod} takes. */
export interface SavePaymentMethodRequest {
  /** The parent's vault customer, or null to create one from `customer`. */
  customerId: string | null;
  customer: { firstName: string; lastName: string; email: string };
  paymentMethodNonce: string;
  deviceData?: string;
  billingAddress?: GatewayBillingAddress;
  /** The subscription's currency: a card is verified in its merchant account (absent: USD's). */
  currencyCode?: string;
}

/**
 * Braintree's validation codes of a nonce that cannot be saved (braintree_node validation_error_codes.js: used,
 * unknown, a one-time PayPal account 82902) and the sandbox's own code for a single-use Venmo account, as
 * {@link SavePaymentMethodResult} reasons. Both drivers read them.
 */
export const VAULT_REFUSALS: Readonly<Record<string, 'unknown' | 'consumed' | 'not_vaultable'>> = {
  '91564': 'consumed',
  '93107': 'consumed',
  '91731': 'consumed',
  '92907': 'consumed',
  '91565': 'unknown',
  '93108': 'unknown',
  '91732': 'unknown',
  '82902': 'not_vaultable',
  sandbox_venmo_single_use: 'not_vaultable',
};

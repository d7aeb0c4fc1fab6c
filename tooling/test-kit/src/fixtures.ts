/**
 * Typed test fixtures the workspaces share, written once: the payment provider's test cards and the billing
 * addresses the join's tests pay with. The cards are the payments sandbox's (payments-sandbox README "Test values"),
 * which are Braintree's own sandbox test cards (Braintree "Testing and Go Live": credit card numbers, 3D Secure 2 test
 * cards); every one expires 12/30 with CVV 123.
 */

/** A test card as a parent types it into the hosted fields: number, expiry "MM/YY", CVV. */
export interface TestCard {
  readonly number: string;
  readonly expiry: string;
  readonly cvv: string;
}

const card = (number: string): TestCard => ({ number, expiry: '12/30', cvv: '123' });

/** The test cards by what the provider does with them. */
export const TEST_CARDS = {
  /** Visa 4111…: not enrolled in 3D Secure (no liability shift possible), sold and approved. */
  visa: card('4111111111111111'),
  /** Visa 4000 1111 1111 1115: looked up without a shift possible, then declined by the processor (2000). */
  visaDeclined: card('4000111111111115'),
  /** 3D Secure 2 frictionless success: authenticated, liability shifted, no challenge. */
  visa3dsFrictionless: card('4000000000002701'),
  /** 3D Secure 2 frictionless failure: authentication failed, no liability shift. */
  visa3dsFailed: card('4000000000002925'),
  /** 3D Secure 2 challenge: the bank's page offers to complete or fail the authentication. */
  visa3dsChallenge: card('4000000000002503'),
  /** Soft decline 2099: the bank asks for 3D Secure authentication before it approves. */
  visaStepUp: card('4000000000002099'),
} as const satisfies Record<string, TestCard>;

/** A billing address in braintree-web's field names (spec §3 "Address fields"). */
export interface TestBillingAddress {
  readonly streetAddress: string;
  readonly extendedAddress?: string;
  readonly locality: string;
  readonly region?: string;
  readonly postalCode: string;
  readonly countryCodeAlpha2: string;
}

/** Billing addresses by country: a US one (with its state) and a UK one (no county, as Royal Mail needs none). */
export const BILLING_ADDRESSES = {
  US: { streetAddress: '1 Main St', locality: 'Austin', region: 'TX', postalCode: '78701', countryCodeAlpha2: 'US' },
  GB: {
    streetAddress: '10 Downing Street',
    extendedAddress: 'Flat 1',
    locality: 'London',
    postalCode: 'SW1A 2AA',
    countryCodeAlpha2: 'GB',
  },
} as const satisfies Record<string, TestBillingAddress>;

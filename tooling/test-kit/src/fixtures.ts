/**
 * Typed test fixtures the workspaces share, written once: the payment provider's test cards and the billing
 * addresses the join's tests pay with. The cards are the payments sandbox's (payments-sandbox README "Test values"),
 * which are Braintree's own sandbox test cards (Braintree "Testing and Go Live": credit card numbers, 3D Secure 2 test
 * cards); every one expires 12/30 with CVV 123. And the parent state join-api answers (`GET /parents/{userId}`), parsed
 * by the caller's schema.
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

/**
 * What {@link parentStateFixture} needs of the caller's schema: its `parse` (every zod schema has it), which returns the
 * parsed value or throws (zod's `ZodError`) when the data breaks the contract.
 */
export interface ParsesAs<T> {
  parse(data: unknown): T;
}

/**
 * A parent's state as join-api answers `GET /parents/{userId}` (docs/CONTRACTS.md "HTTP API"; spec §3 "Join state"):
 * parent 7 of family 70, Ada Lovelace in the US, a regular join just signed up — terms not agreed, no billing address,
 * no subscription (`subscriptionStatus` 'none'), credentials still to set, pricing group P3, e-mail proven. The JSON
 * body only; take it typed through {@link parentStateFixture}.
 */
export const PARENT_STATE = {
  parent: {
    userId: 7,
    familyId: 70,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phoneCountryCode: '+1',
    phoneNumber: '2065550123',
    timeZone: 'UTC',
  },
  address: { country: 'US' },
  flow: 'join',
  languageLocale: 'en-US',
  agreedToTerms: false,
  billingAddressComplete: false,
  subscriptionStatus: 'none',
  isSubscriptionCurrent: false,
  requireCredentials: true,
  securityQuestionsComplete: false,
  userCreatedByPro: false,
  proFirstName: null,
  proLastName: null,
  isInvitedJoin: false,
  coparentPricing: 'P3',
  migrationPricingGroup: null,
  parentAccountType: 'parent',
  graceLogins: 0,
  coParentEmail: null,
  coParentEmailAnswered: false,
  emailVerified: true,
  isJoinComplete: false,
  subscription: null,
} as const;

/**
 * {@link PARENT_STATE} with `overrides` laid over its top-level fields, parsed by the caller's `schema` — api-client's
 * `ParentStateSchema` (test-kit cannot import it: api-client's tests depend on test-kit). The result is the schema's
 * output type, and a fixture that drifts from the contract fails loudly instead of testing an answer join-api never
 * gives.
 *
 * @example parentStateFixture(ParentStateSchema, { agreedToTerms: true, subscriptionStatus: 'current' })
 * @throws whatever `schema.parse` throws (zod's `ZodError`) when the fixture with `overrides` breaks the schema.
 */
export function parentStateFixture<T>(schema: ParsesAs<T>, overrides: NoInfer<Partial<T>> = {}): T {
  return schema.parse({ ...PARENT_STATE, ...overrides });
}

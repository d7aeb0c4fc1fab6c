import { z } from 'zod';
import {
  BuildYourOwnPackageSchema,
  CountryOptionSchema,
  CouponAvailabilitySchema,
  CurrencySchema,
  ExperimentSchema,
  FeatureFlagsSchema,
  FlowSchema,
  OrderServiceSchema,
  PackageSchema,
  PricingGroupSchema,
  ProratedPriceInfoSchema,
  SubscriptionStatusSchema,
  UpgradeOptionsSchema,
} from '@ofw/domain';

/*
 * Request and response shapes of join-api (DESIGN.md §4), defined once and used by the server
 * (validation + OpenAPI) and by browsers (response parsing). Entity fields follow the spec's §3.
 */

// ---------------------------------------------------------------- shared pieces (entities from @ofw/domain)

export {
  CurrencySchema,
  FlowSchema,
  PricingGroupSchema,
  SubscriptionStatusSchema,
  PackageSchema,
  BuildYourOwnPackageSchema,
  UpgradeOptionsSchema,
  ProratedPriceInfoSchema,
  CountryOptionSchema,
  CouponAvailabilitySchema,
  ExperimentSchema,
  FeatureFlagsSchema,
  OrderServiceSchema,
};
export type {
  Currency,
  Flow,
  PricingGroup,
  SubscriptionStatus,
  Package,
  BuildYourOwnPackage,
  UpgradeOptions,
  ProratedPriceInfo,
  CountryOption,
  CouponAvailability,
  Experiment,
  FeatureFlags,
} from '@ofw/domain';

/** Join countries (§1). */
export const JoinCountryCodeSchema = z.enum(['US', 'AU', 'CA', 'GB', 'IE', 'NZ']);
export type JoinCountryCode = z.infer<typeof JoinCountryCodeSchema>;

/** Locales the product speaks (§1); `_` and `-` spellings are both accepted. */
export const LanguageLocaleSchema = z
  .string()
  .regex(/^[a-z]{2}[-_][A-Z]{2}$/, 'Expected a locale like en-US')
  .transform((s) => s.replace('_', '-'));

/** Positive integer id (user, package). */
export const IdSchema = z.number().int().positive().max(2_147_483_647);
/** Path/query integer id given as text. */
export const IdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Expected a positive integer')
  .transform(Number)
  .pipe(IdSchema);

// ---------------------------------------------------------------- GET /countries, /join/countries

export const CountriesResponseSchema = z.array(CountryOptionSchema);
export const JoinCountriesResponseSchema = z.array(CountryOptionSchema);

// ---------------------------------------------------------------- GET /packages

export const PackagesQuerySchema = z.object({
  currency: CurrencySchema.default('USD'),
  flow: FlowSchema.default('join'),
});
export type PackagesQuery = z.input<typeof PackagesQuerySchema>;

/**
 * `GET /packages` → `{ packages, byo, upgradeOptions, pricingGroup }` priced for the caller (§3, §4).
 * For a parent with a current subscription, `upgradeOptions.subscriptionUpgradeOptions` maps each package that is
 * an upgrade to `{ packageId, price, priceFormatted }` (price = the prorated amount `POST /orders` charges) and those
 * packages carry `proratedPriceInfo`; otherwise `upgradeOptions` is null (§4 purchase flow 'purchase').
 */
export const PackagesResponseSchema = z.object({
  packages: z.array(PackageSchema),
  byo: BuildYourOwnPackageSchema.nullable(),
  upgradeOptions: UpgradeOptionsSchema.nullable(),
  pricingGroup: PricingGroupSchema,
});
export type PackagesResponse = z.infer<typeof PackagesResponseSchema>;

// ---------------------------------------------------------------- GET /phone/canadian

/** National digits of a +1 number (no `+1`), e.g. `4165550123`. */
export const CanadianPhoneQuerySchema = z.object({
  phoneNumber: z.string().regex(/^[0-9 ()\-.]{4,20}$/, 'Expected national phone digits'),
});
export const CanadianPhoneResponseSchema = z.object({ isCanadianPhoneNumber: z.boolean() });
export type CanadianPhoneResponse = z.infer<typeof CanadianPhoneResponseSchema>;

// ---------------------------------------------------------------- POST /signups

const name = z.string().trim().min(1, 'Required').max(80);

export const SignupParentSchema = z.object({
  firstName: name,
  lastName: name,
  email: z.email().max(254),
  phoneCountryCode: z
    .string()
    .regex(/^\+[0-9]{1,4}$/, 'Expected a code like +1')
    .default('+1'),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^[0-9 ()\-.]{4,20}$/, 'Expected a phone number'),
  timeZone: z.string().min(1).max(64).default('America/New_York'),
});

/**
 * `POST /signups`. `flow` 'join' is the regular join; 'pro' keeps `proFirstName`/`proLastName`
 * and, with a `proReferralToken` issued for a professional, creates a pro-created account
 * (`userCreatedByPro`); 'ctj' needs the `inviteToken` of an invited co-parent (single-use).
 */
export const SignupRequestSchema = z.object({
  flow: FlowSchema.default('join'),
  languageLocale: LanguageLocaleSchema.default('en-US'),
  address: z.object({ country: JoinCountryCodeSchema, line1: z.string().max(200).optional() }),
  parent: SignupParentSchema,
  proFirstName: name.optional(),
  proLastName: name.optional(),
  proReferralToken: z.string().min(16).max(128).optional(),
  inviteToken: z.string().min(16).max(128).optional(),
  referral: z.object({ selection: z.string().max(80), other: z.string().max(200).optional() }).optional(),
});
export type SignupRequest = z.input<typeof SignupRequestSchema>;

export const SignupResponseSchema = z.object({
  signupId: z.string(),
  registrationKey: z.string(),
  authToken: z.string(),
  userId: IdSchema,
});
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

// ---------------------------------------------------------------- GET /parents/{userId}

/** Parent and join-state fields (§3 "Join state") as the server knows them. */
export const ParentStateSchema = z.object({
  parent: z.object({
    userId: IdSchema,
    familyId: IdSchema,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneCountryCode: z.string(),
    phoneNumber: z.string(),
    timeZone: z.string(),
  }),
  address: z.object({ country: z.string(), line1: z.string().optional() }),
  flow: FlowSchema,
  languageLocale: z.string(),
  agreedToTerms: z.boolean(),
  billingAddressComplete: z.boolean(),
  subscriptionStatus: SubscriptionStatusSchema,
  isSubscriptionCurrent: z.boolean(),
  requireCredentials: z.boolean(),
  securityQuestionsComplete: z.boolean(),
  userCreatedByPro: z.boolean(),
  proFirstName: z.string().nullable(),
  proLastName: z.string().nullable(),
  isInvitedJoin: z.boolean(),
  coparentPricing: PricingGroupSchema,
  migrationPricingGroup: PricingGroupSchema.nullable(),
  parentAccountType: z.string(),
  graceLogins: z.number().int(),
  /**
   * The co-parent email the parent gave (§2 "A co-parent email question"), or null. Absent in an older
   * server's answer (parses as null).
   */
  coParentEmail: z.string().nullable().default(null),
  /** Whether the parent answered the co-parent email question (with an email, or null = not now). */
  coParentEmailAnswered: z.boolean().default(false),
  /** `@ofw/domain`'s `isJoinComplete` over these fields (§4 Completion). */
  isJoinComplete: z.boolean(),
});
export type ParentState = z.infer<typeof ParentStateSchema>;

/** `GET /parents/{userId}/pricing-group` (§7). */
export const PricingGroupResponseSchema = z.object({
  eligiblePricingGroup: PricingGroupSchema,
  hasMigratedTo2kPackaging: z.boolean(),
});
export type PricingGroupResponse = z.infer<typeof PricingGroupResponseSchema>;

// ---------------------------------------------------------------- PUT /parents/{userId}/terms

export const TermsRequestSchema = z.object({ agreedToTerms: z.literal(true) });

// ---------------------------------------------------------------- GET /coupons, /experiments

export const CouponsQuerySchema = z.object({
  registrationKey: z.string().min(1).max(128),
  signupId: z.string().min(1).max(64),
});
export const CouponsResponseSchema = z.array(CouponAvailabilitySchema);
export const ExperimentsResponseSchema = z.array(ExperimentSchema);

// ---------------------------------------------------------------- GET /payments/config

/** `GET /payments/config` (docs/CONTRACTS.md). */
export const PaymentsConfigSchema = z.discriminatedUnion('driver', [
  z.object({
    driver: z.literal('sandbox'),
    /** A client token from the sandbox (`POST /v1/client_token`), one per request; 3D Secure needs one. */
    authorization: z.string().min(1),
    sandboxUrl: z.string(),
    displayName: z.string(),
    flags: FeatureFlagsSchema,
  }),
  z.object({
    driver: z.literal('braintree'),
    /** A Braintree client token (`clientToken.generate`) or, without 3D Secure, a tokenization key. */
    authorization: z.string().min(1),
    displayName: z.string(),
    flags: FeatureFlagsSchema,
  }),
]);
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;

// ---------------------------------------------------------------- POST /orders

/** Billing address (§3 address fields, Braintree naming). */
export const BillingAddressSchema = z.object({
  streetAddress: z.string().trim().min(1, 'Required').max(255),
  extendedAddress: z.string().trim().max(255).optional(),
  locality: z.string().trim().min(1, 'Required').max(255),
  region: z.string().trim().min(1, 'Required').max(255),
  postalCode: z.string().trim().min(2, 'Required').max(12),
  countryCodeAlpha2: z.string().regex(/^[A-Z]{2}$/, 'Expected an ISO country code'),
});
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

// ---------------------------------------------------------------- PUT /parents/{userId}/billing-address, /coparent-email

/**
 * `PUT /parents/{userId}/billing-address` (docs/CONTRACTS.md): the billing address without a payment, how a
 * pro-created account (§4 "Completion": no subscription needed) completes `billingAddressComplete`.
 * Same fields as an order's `billingAddress` ({@link BillingAddressSchema}).
 */
export const BillingAddressRequestSchema = BillingAddressSchema;
export type BillingAddressRequest = z.input<typeof BillingAddressRequestSchema>;

/**
 * `PUT /parents/{userId}/coparent-email` (docs/CONTRACTS.md, §2 "A co-parent email question"):
 * `coParentEmail` is the other parent's email, or null when the parent chose not to invite now.
 */
export const CoParentEmailRequestSchema = z.object({
  coParentEmail: z.email('Expected an email address').max(254).nullable(),
});
export type CoParentEmailRequest = z.input<typeof CoParentEmailRequestSchema>;

// ---------------------------------------------------------------- POST /orders (continued)

/**
 * `POST /orders` (header `Idempotency-Key` required). Any amount the browser might add is
 * stripped: the server re-prices from `@ofw/domain`.
 */
export const OrderRequestSchema = z.object({
  packageId: IdSchema,
  productId: IdSchema.optional(),
  services: z.array(OrderServiceSchema).max(10).optional(),
  couponCode: z.string().min(1).max(40).optional(),
  paymentMethodNonce: z.string().min(1).max(200),
  deviceData: z.string().max(4000).optional(),
  billingAddress: BillingAddressSchema,
});
export type OrderRequest = z.input<typeof OrderRequestSchema>;

/** `Idempotency-Key` header: 8–255 visible ASCII characters (a UUID is ideal). */
export const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{8,255}$/);

export const SubscriptionSchema = z.object({
  status: SubscriptionStatusSchema,
  packageId: IdSchema,
  startsAt: z.string(),
  expiresAt: z.string(),
});

export const ReceiptSchema = z.object({
  packageName: z.string(),
  receiptText: z.string().optional(),
  amount: z.number(),
  currencyCode: CurrencySchema,
  formattedAmount: z.string(),
  discountAmount: z.number(),
  vatAmount: z.number().optional(),
  /** Upgrade only: the prorated price charged (= `amount`), §3 Package.proratedPriceInfo. */
  proratedPriceInfo: ProratedPriceInfoSchema.optional(),
  /** Upgrade only: the unused value of the replaced subscription credited against the package's price. */
  creditAmount: z.number().optional(),
  cardBrand: z.string().nullable(),
  last4: z.string().nullable(),
  transactionId: z.string(),
});

/**
 * `POST /orders` 201. `purchaseFlow` (§4) is 'upgrade' when the order replaced a current subscription at a prorated
 * price, else 'purchase' (a body without it, from an older server, reads as 'purchase').
 */
export const OrderResponseSchema = z.object({
  orderId: z.string(),
  status: z.enum(['paid']),
  purchaseFlow: z.enum(['purchase', 'upgrade']).default('purchase'),
  subscription: SubscriptionSchema,
  receipt: ReceiptSchema,
});
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

// ---------------------------------------------------------------- security questions, credentials

export const SecurityQuestionSchema = z.object({ id: IdSchema, text: z.string() });
export type SecurityQuestion = z.infer<typeof SecurityQuestionSchema>;
export const SecurityQuestionsResponseSchema = z.array(SecurityQuestionSchema);

export const CredentialsRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9._@+-]+$/, 'Letters, digits and . _ @ + - only'),
  password: z.string().min(8, 'At least 8 characters').max(128),
});
export type CredentialsRequest = z.infer<typeof CredentialsRequestSchema>;

export const SecurityAnswersRequestSchema = z.object({
  answers: z
    .array(z.object({ questionId: IdSchema, answer: z.string().trim().min(1, 'Required').max(200) }))
    .length(3)
    .refine((a) => new Set(a.map((x) => x.questionId)).size === a.length, 'Choose three different questions'),
});
export type SecurityAnswersRequest = z.infer<typeof SecurityAnswersRequestSchema>;

// ---------------------------------------------------------------- invites

export const FamilyMemberSchema = z.object({
  userId: IdSchema,
  firstName: z.string(),
  lastName: z.string(),
});

/**
 * `GET /invites/family` (§4 Invited flow). An empty family is `familyMembers: []` with `userId: null`
 * (the web app redirects to /invite/request). `inviteToken` is present when the server rotated the
 * token: it replaces the stored one and the old one stops working.
 */
export const InviteFamilyResponseSchema = z.object({
  familyMembers: z.array(FamilyMemberSchema),
  userId: IdSchema.nullable(),
  coParentCountry: z.string().nullable(),
  inviteToken: z.string().optional(),
});
export type InviteFamilyResponse = z.infer<typeof InviteFamilyResponseSchema>;

// ---------------------------------------------------------------- misc

export const HealthResponseSchema = z.object({ status: z.literal('ok') });

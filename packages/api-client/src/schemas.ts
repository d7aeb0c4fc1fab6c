import { z } from 'zod';
import {
  JOIN_COUNTRIES,
  BuildYourOwnPackageSchema,
  CountryOptionSchema,
  CouponAvailabilitySchema,
  CurrencySchema,
  BillingAddressSchema,
  ExperimentSchema,
  FeatureFlagsSchema,
  FlowSchema,
  OrderServiceSchema,
  PackageSchema,
  PaymentsConfigSchema,
  PricingGroupSchema,
  ProratedPriceInfoSchema,
  SubscriptionStatusSchema,
  UpgradeOptionsSchema,
} from '@ofw/domain';
import { IdSchema } from './ids.js';
import { ParentSubscriptionSchema, PaymentMethodSummarySchema, SubscriptionSchema } from './subscription.js';

/*
 * Request and response shapes of join-api (docs/CONTRACTS.md "HTTP API"), defined once and used by the server
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
  PaymentsConfigSchema,
  BillingAddressSchema,
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
  PaymentsConfig,
  BillingAddress,
} from '@ofw/domain';

/** Join countries (§1), from @ofw/domain's `JOIN_COUNTRIES` (their one home). */
export const JoinCountryCodeSchema = z.enum(JOIN_COUNTRIES);
/** A country a parent can join from (§1 "Countries"). */
export type JoinCountryCode = z.infer<typeof JoinCountryCodeSchema>;

/** Locales the product speaks (§1); `_` and `-` spellings are both accepted. */
export const LanguageLocaleSchema = z
  .string()
  .regex(/^[a-z]{2}[-_][A-Z]{2}$/, 'Expected a locale like en-US')
  .transform((s) => s.replace('_', '-'));

export { IdSchema } from './ids.js';
/** Path/query integer id given as text. */
export const IdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Expected a positive integer')
  .transform(Number)
  .pipe(IdSchema);

// ---------------------------------------------------------------- GET /countries, /join/countries

/** `GET /countries` (§7): the §3 country options, priority countries first. */
export const CountriesResponseSchema = z.array(CountryOptionSchema);
/** `GET /join/countries` (§7): the §3 country options a parent can join from. */
export const JoinCountriesResponseSchema = z.array(CountryOptionSchema);

// ---------------------------------------------------------------- GET /packages

/** `GET /packages` query: `currency` (default USD) and `flow` (default 'join'), §3, §4. */
export const PackagesQuerySchema = z.object({
  currency: CurrencySchema.default('USD'),
  flow: FlowSchema.default('join'),
});
/**
 * `GET /payments/config?currency=` — the currency the parent will be charged in: the client token is issued for that
 * currency's merchant account, so 3D Secure authenticates in the currency charged (default USD).
 */
export const PaymentsConfigQuerySchema = z.object({ currency: CurrencySchema.default('USD') });
/** `GET /payments/config` query before defaults (see {@link PaymentsConfigQuerySchema}). */
export type PaymentsConfigQuery = z.input<typeof PaymentsConfigQuerySchema>;

/** `GET /packages` query before defaults (see {@link PackagesQuerySchema}). */
export type PackagesQuery = z.input<typeof PackagesQuerySchema>;

/**
 * `GET /packages` → `{ packages, byo, upgradeOptions, pricingGroup, currentTerm, quotedAt }` priced for the caller (§3, §4).
 * For a parent with a current subscription, `upgradeOptions.subscriptionUpgradeOptions` maps each package that is
 * an upgrade to `{ packageId, price, priceFormatted }` (price = the prorated amount `POST /orders` charges) and those
 * packages carry `proratedPriceInfo`; otherwise `upgradeOptions` is null (§4 purchase flow 'purchase').
 */
/**
 * The caller's current subscription as `@ofw/domain`'s proration rule takes it (`CurrentTerm`; money in integer minor
 * units): with it and `quotedAt`, the page quotes any upgrade — build-your-own included — exactly as `POST /orders`
 * will charge it (`quote(selection, { …, currentTerm, now: quotedAt })`).
 */
export const CurrentTermSchema = z.object({
  packageId: z.number().int(),
  currency: CurrencySchema,
  years: z.number().int().min(1).max(2),
  startsAt: z.coerce.date(),
  expiresAt: z.coerce.date(),
  /** What the term is worth (its price after coupons), minor units. */
  valueMinor: z.number().int().nonnegative(),
  /** Its catalogue price, minor units: the upgrade ladder is ordered by it. */
  listPriceMinor: z.number().int().nonnegative(),
});
/** See {@link CurrentTermSchema}. */
export type CurrentTermView = z.infer<typeof CurrentTermSchema>;

export const PackagesResponseSchema = z.object({
  packages: z.array(PackageSchema),
  byo: BuildYourOwnPackageSchema.nullable(),
  upgradeOptions: UpgradeOptionsSchema.nullable(),
  pricingGroup: PricingGroupSchema,
  /** The caller's current subscription (the page quotes upgrades with it), null without one. */
  currentTerm: CurrentTermSchema.nullable().default(null),
  /** The server's clock when it priced this answer (ISO 8601): the `now` of the page's quotes. */
  quotedAt: z.coerce.date().optional(),
});
/**
 * `GET /packages` answer (see {@link PackagesResponseSchema}); every price (package, build-your-own option, upgrade
 * option) in major units, 2 decimals, in the package's currency.
 */
export type PackagesResponse = z.infer<typeof PackagesResponseSchema>;

// ---------------------------------------------------------------- GET /phone/canadian

/** National digits of a +1 number (no `+1`), e.g. `4165550123`. */
export const CanadianPhoneQuerySchema = z.object({
  phoneNumber: z.string().regex(/^[0-9 ()\-.]{4,20}$/, 'Expected national phone digits'),
});
/** `GET /phone/canadian` answer (§5, §7): `{ isCanadianPhoneNumber }`. */
export const CanadianPhoneResponseSchema = z.object({ isCanadianPhoneNumber: z.boolean() });
/** `GET /phone/canadian` answer (§5, §7). */
export type CanadianPhoneResponse = z.infer<typeof CanadianPhoneResponseSchema>;

// ---------------------------------------------------------------- POST /signups

const name = z.string().trim().min(1, 'Required').max(80);

/** `POST /signups` parent (§3 "Join state" parent): phoneCountryCode defaults to '+1', timeZone to America/New_York. */
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
 * `POST /signups`. `flow` 'join' is the regular join; 'pro' is the professional-referred join (spec §1): with a
 * `proReferralToken` issued for a professional it creates a pro-created account (`userCreatedByPro`) keeping the
 * professional's name from the referral, and without one join-api makes the regular join (flow 'join'; the pro
 * package is not sold to it, spec §9); 'ctj' needs the `inviteToken` of an invited co-parent (single-use).
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
/** `POST /signups` body before defaults (see {@link SignupRequestSchema}). */
export type SignupRequest = z.input<typeof SignupRequestSchema>;

/**
 * `POST /signups` answer: `{ signupId, registrationKey, authToken?, userId, emailVerified }` (docs/CONTRACTS.md "HTTP API"). The server
 * also sets the `__Host-ofw_session` cookie (the browser's session): a browser (a request with `Origin` or
 * `Sec-Fetch-Site`) gets the token only as that cookie, another client gets `authToken` for `Authorization: Bearer`.
 * A replay under the same `Idempotency-Key` (and body) answers the same `signupId` and `userId` with a fresh
 * `authToken` and `registrationKey` (tokens are stored only as hashes, never replayed). `emailVerified`: whether the
 * address is already proven — only an invited co-parent who kept the address the invitation reached; every other join
 * proves it with a code (`POST /parents/{userId}/email-code`) before paying (docs/IDENTITY.md). An older server
 * omits it (parses as false).
 */
export const SignupResponseSchema = z.object({
  signupId: z.string(),
  registrationKey: z.string(),
  authToken: z.string().optional(),
  userId: IdSchema,
  emailVerified: z.boolean().default(false),
});
/** `POST /signups` answer (see {@link SignupResponseSchema}). */
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
  /**
   * Whether the parent proved they receive mail at `parent.email` (a one-time code or the invitation that reached it;
   * docs/IDENTITY.md): payment and the co-parent invitation wait for it. An older server omits it (parses as true).
   */
  emailVerified: z.boolean().default(true),
  /** `@ofw/domain`'s `isJoinComplete` over these fields (§4 Completion). */
  isJoinComplete: z.boolean(),
  /**
   * The parent's latest subscription with its renewal (see {@link ParentSubscriptionSchema}), or null when they never
   * had one (an older server omits it: null).
   */
  subscription: ParentSubscriptionSchema.nullable().default(null),
});
/** Parent and join-state fields of `GET /parents/{userId}` (§3 "Join state", §7). */
export type ParentState = z.infer<typeof ParentStateSchema>;

/** `GET /parents/{userId}/pricing-group` (§7). */
export const PricingGroupResponseSchema = z.object({
  eligiblePricingGroup: PricingGroupSchema,
  hasMigratedTo2kPackaging: z.boolean(),
});
/** `GET /parents/{userId}/pricing-group` answer (§7). */
export type PricingGroupResponse = z.infer<typeof PricingGroupResponseSchema>;

// ---------------------------------------------------------------- PUT /parents/{userId}/terms

/** `PUT /parents/{userId}/terms` body: `{ agreedToTerms: true }` (§3 "Join state" agreedToTerms). */
export const TermsRequestSchema = z.object({ agreedToTerms: z.literal(true) });

// ---------------------------------------------------------------- GET /coupons, /experiments

/** `GET /coupons` query: registration key and signup id of `POST /signups` (§7). */
export const CouponsQuerySchema = z.object({
  registrationKey: z.string().min(1).max(128),
  signupId: z.string().min(1).max(64),
});
/** `GET /coupons`, `GET /invites/coupons` (§7): §3 coupon availability entries (`discountAmount` in major units). */
export const CouponsResponseSchema = z.array(CouponAvailabilitySchema);
/**
 * `POST /coupons/check` body: a promotion code the parent typed (§3 coupons, §7 "Coupons by registration key and
 * signup id"). Compared without case and surrounding spaces, as `POST /orders` compares its `couponCode`.
 */
export const CouponCheckRequestSchema = z.object({ couponCode: z.string().trim().min(1).max(40) });
/** `POST /coupons/check` body (see {@link CouponCheckRequestSchema}). */
export type CouponCheckRequest = z.input<typeof CouponCheckRequestSchema>;
/**
 * `POST /coupons/check` answer: the code as join-api knows it (upper case) and its §3 availability entry
 * (`discountAmount` in major units). Quoted first among the parent's coupons it prices exactly as `POST /orders` with
 * this `couponCode` charges (§4 "Discount").
 */
export const CouponCheckResponseSchema = CouponAvailabilitySchema.extend({ code: z.string() });
/** `POST /coupons/check` answer (see {@link CouponCheckResponseSchema}). */
export type CouponCheckResponse = z.infer<typeof CouponCheckResponseSchema>;
/** `GET /experiments`, `GET /invites/experiments` (§7): a list of §3 experiments `{ name, value }`. */
export const ExperimentsResponseSchema = z.array(ExperimentSchema);

// ---------------------------------------------------------------- GET /payments/config

// `PaymentsConfigSchema` / `PaymentsConfig` come from @ofw/domain (re-exported above): their one home.

// ---------------------------------------------------------------- POST /orders

// `BillingAddressSchema` / `BillingAddress` come from @ofw/domain (re-exported above): their one home.

// ---------------------------------------------------------------- PUT /parents/{userId}/billing-address, /coparent-email

/**
 * `PUT /parents/{userId}/billing-address` (docs/CONTRACTS.md): the billing address without a payment, how a
 * pro-created account (§4 "Completion": no subscription needed) completes `billingAddressComplete`.
 * Same fields as an order's `billingAddress` ({@link BillingAddressSchema}).
 */
export const BillingAddressRequestSchema = BillingAddressSchema;
/** `PUT /parents/{userId}/billing-address` body (see {@link BillingAddressRequestSchema}). */
export type BillingAddressRequest = z.input<typeof BillingAddressRequestSchema>;

/**
 * `PUT /parents/{userId}/coparent-email` (docs/CONTRACTS.md, §2 "A co-parent email question"):
 * `coParentEmail` is the other parent's email, or null when the parent chose not to invite now.
 */
export const CoParentEmailRequestSchema = z.object({
  coParentEmail: z.email('Expected an email address').max(254).nullable(),
});
/** `PUT /parents/{userId}/coparent-email` body (see {@link CoParentEmailRequestSchema}). */
export type CoParentEmailRequest = z.input<typeof CoParentEmailRequestSchema>;

/**
 * `PUT /parents/{userId}/language` (§3 "Join state" `languageLocale`, §1 languages): the language the parent switched
 * to after signing up, so that what join-api sends later — the receipt, the co-parent invitation — speaks it too.
 */
export const LanguageRequestSchema = z.object({ languageLocale: LanguageLocaleSchema });
/** `PUT /parents/{userId}/language` body (see {@link LanguageRequestSchema}). */
export type LanguageRequest = z.input<typeof LanguageRequestSchema>;

// ---------------------------------------------------------------- POST /orders (continued)

/**
 * `POST /orders` (header `Idempotency-Key` required). Any amount the browser might add is
 * stripped: the server re-prices from `@ofw/domain`.
 */
/**
 * What the page showed the parent it would charge (docs/PAYMENTS.md "Shown = charged"): the quote's `charged` amount as a
 * decimal string in major units with 2 decimals (`"149.99"`), and its currency — the Pay button's and the 3D Secure
 * amount. join-api charges only this: a different server quote answers 409 `price_changed` and charges nothing.
 */
export const ExpectedChargeSchema = z.object({
  amount: z.string().regex(/^\d{1,7}\.\d{2}$/, 'a decimal amount with 2 decimals, e.g. "149.99"'),
  currencyCode: CurrencySchema,
});
/** See {@link ExpectedChargeSchema}. */
export type ExpectedCharge = z.infer<typeof ExpectedChargeSchema>;

export const OrderRequestSchema = z.object({
  packageId: IdSchema,
  productId: IdSchema.optional(),
  services: z.array(OrderServiceSchema).max(10).optional(),
  couponCode: z.string().min(1).max(40).optional(),
  paymentMethodNonce: z.string().min(1).max(200),
  deviceData: z.string().max(4000).optional(),
  billingAddress: BillingAddressSchema,
  expectedCharge: ExpectedChargeSchema,
  /**
   * Whether the parent chose, on the terms step, to renew automatically at the end of each term with the payment
   * method this order saves (docs/RENEWAL.md). Never assumed: absent means no renewal.
   */
  autoRenew: z.boolean().optional(),
});
/**
 * `POST /orders` body (see {@link OrderRequestSchema}): what to buy, and in `expectedCharge` the amount the page
 * showed — the server prices the order itself and refuses (409 `price_changed`) rather than charge another amount.
 */
export type OrderRequest = z.input<typeof OrderRequestSchema>;

/** `Idempotency-Key` header: 8–255 visible ASCII characters (a UUID is ideal). */
export const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{8,255}$/);

/** The receipt of a paid order, in `POST /orders` 201; every amount in major units, 2 decimals, in `currencyCode`. */
export const ReceiptSchema = z.object({
  packageName: z.string(),
  receiptText: z.string().optional(),
  /** The term bought, in years (§3 Package.subDurationInYears; build-your-own: its subscription length); an older server omits it. */
  years: z.union([z.literal(1), z.literal(2)]).optional(),
  /**
   * Where the receipt e-mail was sent (the payer's account e-mail, join-api's outbox), so the page can say so; null
   * when no receipt was queued (an older server omits it).
   */
  receiptEmail: z.string().nullable().default(null),
  /** The amount charged, major units. */
  amount: z.number(),
  currencyCode: CurrencySchema,
  /** `amount` formatted with `@ofw/domain`'s `formatMoney`. */
  formattedAmount: z.string(),
  /** The coupon discount, major units. */
  discountAmount: z.number(),
  /** GBP only: the package's VAT (§3 Package.vatAmount), major units. */
  vatAmount: z.number().optional(),
  /** Upgrade only: the prorated price charged (= `amount`), §3 Package.proratedPriceInfo. */
  proratedPriceInfo: ProratedPriceInfoSchema.optional(),
  /** Upgrade only: the unused value of the replaced subscription credited against the package's price, major units. */
  creditAmount: z.number().optional(),
  /** The card's (or Apple Pay card's) brand; null for PayPal, Venmo and when nothing was charged. */
  cardBrand: z.string().nullable(),
  last4: z.string().nullable(),
  /** What paid — card, Apple Pay, PayPal or Venmo — or null when nothing was charged (an older server omits it). */
  paymentMethod: PaymentMethodSummarySchema.nullable().default(null),
  transactionId: z.string(),
  /**
   * The parent's IANA time zone (§3 parent.timeZone): the order's date and `subscription.startsAt` / `expiresAt` are
   * to be shown in it (the term ends on the same calendar date 1 or 2 years later there); an older server omits it.
   */
  timeZone: z.string().optional(),
  /** GBP: the VAT invoice's number (unique, increasing); null in other currencies; an older server omits it. */
  invoiceNumber: z.number().int().positive().nullable().optional(),
  /** The printable receipt (and GBP VAT invoice): a signed link that opens without signing in; an older server omits it. */
  receiptUrl: z.url().optional(),
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
/** `POST /orders` 201 answer (see {@link OrderResponseSchema}); receipt amounts in major units. */
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

// ---------------------------------------------------------------- security questions, credentials

/** One security question (§2 "Security questions"): id and localized text. */
export const SecurityQuestionSchema = z.object({ id: IdSchema, text: z.string() });
/** One security question (see {@link SecurityQuestionSchema}). */
export type SecurityQuestion = z.infer<typeof SecurityQuestionSchema>;
/** `GET /security-questions` answer: the question list, localized. */
export const SecurityQuestionsResponseSchema = z.array(SecurityQuestionSchema);

/**
 * `PUT /parents/{userId}/credentials` body (§3 "Join state" requireCredentials): username and password. Credentials
 * are set once while the account is registering; any later change needs `currentPassword` (403
 * `current_password_required` / `current_password_incorrect` otherwise).
 */
export const CredentialsRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9._@+-]+$/, 'Letters, digits and . _ @ + - only'),
  password: z.string().min(12, 'At least 12 characters').max(128),
  /** The password set before: required to change credentials once they are set. */
  currentPassword: z.string().min(1).max(128).optional(),
});
/** `PUT /parents/{userId}/credentials` body (see {@link CredentialsRequestSchema}). */
export type CredentialsRequest = z.infer<typeof CredentialsRequestSchema>;

/**
 * `PUT /parents/{userId}/credentials` answer: the join state, and — for a client authenticated with
 * `Authorization: Bearer` — the new `authToken` (setting credentials rotates the session: every earlier auth token of
 * the parent is revoked). A browser authenticated by the session cookie gets the new token only as its cookie.
 */
export const CredentialsResponseSchema = ParentStateSchema.extend({ authToken: z.string().optional() });
/** `PUT /parents/{userId}/credentials` answer (see {@link CredentialsResponseSchema}). */
export type CredentialsResponse = z.infer<typeof CredentialsResponseSchema>;

/**
 * `PUT /parents/{userId}/security-questions` body (§2): three answers, at least 3 characters each, to three different
 * questions. Answers are set once while joining; changing them once the account is active needs `currentPassword`
 * (403 `current_password_required` / `current_password_incorrect` otherwise), as credentials do.
 */
export const SecurityAnswersRequestSchema = z.object({
  answers: z
    .array(z.object({ questionId: IdSchema, answer: z.string().trim().min(3, 'At least 3 characters').max(200) }))
    .length(3)
    .refine((a) => new Set(a.map((x) => x.questionId)).size === a.length, 'Choose three different questions'),
  /** The account's password: required to change answers once they are set and the account is active. */
  currentPassword: z.string().min(1).max(128).optional(),
});
/** `PUT /parents/{userId}/security-questions` body (see {@link SecurityAnswersRequestSchema}). */
export type SecurityAnswersRequest = z.infer<typeof SecurityAnswersRequestSchema>;

// ---------------------------------------------------------------- invites

/** A family member of `GET /invites/family` (§4 "Invited flow", §7). */
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
/** `GET /invites/family` answer (see {@link InviteFamilyResponseSchema}). */
export type InviteFamilyResponse = z.infer<typeof InviteFamilyResponseSchema>;

// ---------------------------------------------------------------- misc

/** join-api's health check answer (`GET /healthz`): `{ status: 'ok' }`. */
export const HealthResponseSchema = z.object({ status: z.literal('ok') });

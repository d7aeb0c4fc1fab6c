/**
 * zod schemas for every entity of spec §3 "Entities and their fields", each exported as `XxxSchema` beside
 * `type Xxx = z.infer<typeof XxxSchema>`. Money fields are numbers in major units with at most 2 decimals.
 *
 * @module
 */
import * as z from 'zod';
import { JOIN_STATE_DEFAULTS } from './rules/join-state-default-values.js';

/** Money in major units, ≥ 0, at most 2 decimals (spec §9 "Currency is rounded to 2 decimals"). */
export const MoneySchema = z
  .number()
  .finite()
  .nonnegative()
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'Money has at most 2 decimals' });

// ── Enumerations (§3 "Enumerations", §4, §9) ─────────────────────────────────────────────────────────────────

/** Currencies of the catalogue (§9 "Package ids"). */
export const CURRENCIES = ['USD', 'GBP', 'CAD', 'AUD', 'NZD'] as const;
/** zod schema of a catalogue currency (§3 Package.currencyCode, §9 "Package ids"): one of {@link CURRENCIES}. */
export const CurrencySchema = z.enum(CURRENCIES);
/** A catalogue currency (ISO 4217), §3 Package.currencyCode. */
export type Currency = z.infer<typeof CurrencySchema>;

/** Pricing groups (§3 "Enumerations"). */
export const PRICING_GROUPS = ['P0', 'P1', 'P2', 'P3'] as const;
/** zod schema of a pricing group (§3 "Enumerations"): P0, P1, P2 or P3. */
export const PricingGroupSchema = z.enum(PRICING_GROUPS);
/** A pricing group (§3 "Enumerations", §4 "Pricing group"). */
export type PricingGroup = z.infer<typeof PricingGroupSchema>;

/** Package families (§3 "Enumerations"). */
export const PACKAGE_FAMILIES = ['A', 'B', 'BASIC', 'BYO', 'C', 'ESSENTIALS', 'D', 'MAX', 'PREMIUM'] as const;
/** zod schema of a package family (§3 "Enumerations"). */
export const PackageFamilySchema = z.enum(PACKAGE_FAMILIES);
/** A package family (§3 "Enumerations"). */
export type PackageFamily = z.infer<typeof PackageFamilySchema>;

/** Subscription lengths (§3 "Enumerations"). */
export const SUBSCRIPTION_LENGTHS = ['DEFAULT', 'SUB1YEAR', 'SUB2YEAR'] as const;
/** zod schema of a subscription length (§3 "Enumerations"): DEFAULT, SUB1YEAR or SUB2YEAR. */
export const SubscriptionLengthSchema = z.enum(SUBSCRIPTION_LENGTHS);
/** A subscription length (§3 "Enumerations"). */
export type SubscriptionLength = z.infer<typeof SubscriptionLengthSchema>;

/** Subscription status values (§4 "Subscription status"). */
export const SUBSCRIPTION_STATUSES = ['current', 'expired', 'none'] as const;
/** zod schema of a subscription status (§4 "Subscription status"): current, expired or none. */
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
/** A subscription status (§4 "Subscription status"). */
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** Package types (§3 "Package": parent or pro). */
export const PackageTypeSchema = z.enum(['parent', 'pro']);
/** A package type (§3 "Package"): `'parent'` or `'pro'`. */
export type PackageType = z.infer<typeof PackageTypeSchema>;

/** Join flows (§1, §2). */
export const FlowSchema = z.enum(['join', 'pro', 'ctj']);
/** A join flow (§1, §2): `'join'`, `'pro'` or `'ctj'`. */
export type Flow = z.infer<typeof FlowSchema>;

/** Subscription duration in years (§3 "Package" subDurationInYears). */
export const YearsSchema = z.union([z.literal(1), z.literal(2)]);
/** Subscription duration in years, 1 or 2 (§3 "Package" subDurationInYears). */
export type Years = z.infer<typeof YearsSchema>;

/** ISO 3166-1 alpha-2 country code, upper case (§1 "Countries"). */
export const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code, upper case');
/** ISO 3166-1 alpha-2 country code, upper case (§1 "Countries"). */
export type CountryCode = z.infer<typeof CountryCodeSchema>;

// ── Package (§3 "Package") ─────────────────────────────────────────────────────────────────────────────────────

/** §3 Package.proratedPriceInfo */
export const ProratedPriceInfoSchema = z.object({
  proratedPrice: MoneySchema,
  proratedPriceFormatted: z.string(),
});
/** §3 Package.proratedPriceInfo; `proratedPrice` in major units, 2 decimals. */
export type ProratedPriceInfo = z.infer<typeof ProratedPriceInfoSchema>;

/** §3 Package.discount (set by `applyDiscount`, §4 "Discount"). */
export const DiscountSchema = z.object({
  discountAmount: MoneySchema,
  discountedYearlyPrice: MoneySchema,
  discountedMonthlyPrice: MoneySchema,
  discountPercent: z.number().int().min(0).max(100),
});
/**
 * §3 Package.discount (§4 "Discount"); `discountAmount`, `discountedYearlyPrice` and `discountedMonthlyPrice` in
 * major units, 2 decimals; `discountPercent` a floored integer 0–100.
 */
export type Discount = z.infer<typeof DiscountSchema>;

/** §3 Package. `family` is this library's addition (the §3 "Package families" enumeration value of the package). */
export const PackageSchema = z.object({
  id: z.number().int().positive(),
  packageName: z.string(),
  packageType: PackageTypeSchema,
  family: PackageFamilySchema,
  displayName: z.string(),
  description: z.string(),
  receiptText: z.string(),
  variant: z.string(),
  analyticsPackage: z.string(),
  selectButtonId: z.string(),
  totalPrice: MoneySchema,
  pricePerMonth: MoneySchema,
  currencyCode: CurrencySchema,
  currencySymbol: z.string(),
  currencyTickerForReceipt: z.string(),
  vatAmount: MoneySchema.optional(),
  subDurationInYears: YearsSchema,
  yearlyPriceFormat: z.string(),
  primaryFeatures: z.array(z.string()),
  secondaryFeatures: z.array(z.string()),
  proratedPriceInfo: ProratedPriceInfoSchema.optional(),
  discount: DiscountSchema.optional(),
});
/**
 * §3 Package; `totalPrice`, `pricePerMonth`, `vatAmount` (GBP only) and the money fields of `discount` and
 * `proratedPriceInfo` in major units, 2 decimals, in `currencyCode`.
 */
export type Package = z.infer<typeof PackageSchema>;

// ── Build-your-own (§3 "Build-your-own package") ───────────────────────────────────────────────────────────────

/** Option names (§3). */
export const OPTION_NAMES = ['MYFILES', 'TONEMETER', 'TONEMETERENHANCED', 'UNLIMITEDPAYMENTS', 'CALLSBASIC'] as const;
/** zod schema of a build-your-own option name (§3 "Build-your-own package"): one of {@link OPTION_NAMES}. */
export const OptionNameSchema = z.enum(OPTION_NAMES);
/** A build-your-own option name (§3 "Build-your-own package"). */
export type OptionName = z.infer<typeof OptionNameSchema>;

/** §3 options[code, description, duration, optionCode, optionName, price, priceFormatted]. */
export const BuildYourOwnOptionSchema = z.object({
  code: OptionNameSchema,
  description: z.string(),
  duration: SubscriptionLengthSchema,
  optionCode: z.string(),
  optionName: OptionNameSchema,
  price: MoneySchema,
  priceFormatted: z.string(),
});
/** §3 build-your-own option; `price` in major units, 2 decimals, for the whole `duration`. */
export type BuildYourOwnOption = z.infer<typeof BuildYourOwnOptionSchema>;

/** §3 one entry of subscriptionLengthOptions: price, productId and options. */
export const SubscriptionLengthOptionSchema = z.object({
  price: MoneySchema,
  productId: z.number().int().positive(),
  options: z.array(BuildYourOwnOptionSchema),
});
/** §3 subscription length option; `price` (the base price) in major units, 2 decimals. */
export type SubscriptionLengthOption = z.infer<typeof SubscriptionLengthOptionSchema>;

/** §3 Build-your-own package: subscriptionLengthOptions SUB1YEAR and SUB2YEAR. */
export const BuildYourOwnPackageSchema = z.object({
  packageId: z.number().int().positive(),
  currencyCode: CurrencySchema,
  subscriptionLengthOptions: z.object({
    SUB1YEAR: SubscriptionLengthOptionSchema.optional(),
    SUB2YEAR: SubscriptionLengthOptionSchema.optional(),
  }),
});
/** §3 Build-your-own package; every `price` in major units, 2 decimals, in `currencyCode`. */
export type BuildYourOwnPackage = z.infer<typeof BuildYourOwnPackageSchema>;

/** §3 Order payload service entry. */
export const OrderServiceSchema = z.object({ code: OptionNameSchema, option: z.string() });
/** §3 Order payload service entry: option `code` and chosen `option` (an optionCode). */
export type OrderService = z.infer<typeof OrderServiceSchema>;

/** §3 Order payload: packageId, productId, services[{code, option}]. */
export const OrderPayloadSchema = z.object({
  packageId: z.number().int().positive(),
  productId: z.number().int().positive(),
  services: z.array(OrderServiceSchema),
});
/** §3 Order payload: packageId, productId, services[{code, option}] (no prices: the server re-prices it). */
export type OrderPayload = z.infer<typeof OrderPayloadSchema>;

/**
 * §3 A la carte selection: subscription, myfiles, tonemeter, unlimitedPayments, calls. `myfiles` and `calls` hold an
 * optionCode of the chosen length (e.g. `'MYFILES_5GB'`, `'CALLSBASIC_60'`); `tonemeter` and `unlimitedPayments`
 * are on/off.
 */
export const AlaCarteSelectionSchema = z.object({
  subscription: z.enum(['SUB1YEAR', 'SUB2YEAR']),
  myfiles: z.string().nullish(),
  tonemeter: z.boolean().nullish(),
  unlimitedPayments: z.boolean().nullish(),
  calls: z.string().nullish(),
});
/** §3 A la carte selection (see {@link AlaCarteSelectionSchema}). */
export type AlaCarteSelection = z.infer<typeof AlaCarteSelectionSchema>;

/** §4 "Pack": the order payload of the selected build-your-own package. */
export const PackSchema = OrderPayloadSchema;
/** §4 "Pack": the order payload of the selected build-your-own package. */
export type Pack = z.infer<typeof PackSchema>;

// ── Other entities (§3 "Other entities") ───────────────────────────────────────────────────────────────────────

/** §3 Coupon or package availability entry. */
export const CouponAvailabilitySchema = z.object({
  packageId: z.number().int().positive(),
  status: z.string(),
  discountAmount: MoneySchema,
});
/** §3 Coupon or package availability entry; `discountAmount` in major units, 2 decimals. */
export type CouponAvailability = z.infer<typeof CouponAvailabilitySchema>;

/** §3 one upgrade option: packageId, price, priceFormatted. */
export const UpgradeOptionSchema = z.object({
  packageId: z.number().int().positive(),
  price: MoneySchema,
  priceFormatted: z.string(),
});
/** §3 one upgrade option; `price` (the prorated upgrade price) in major units, 2 decimals. */
export type UpgradeOption = z.infer<typeof UpgradeOptionSchema>;

/** §3 Upgrade options: a subscriptionUpgradeOptions map keyed by packageId. */
export const UpgradeOptionsSchema = z.object({
  subscriptionUpgradeOptions: z.record(z.string(), UpgradeOptionSchema),
});
/** §3 Upgrade options: the subscriptionUpgradeOptions map keyed by packageId (prices in major units). */
export type UpgradeOptions = z.infer<typeof UpgradeOptionsSchema>;

/** §3 Country option: key, value, name, label. */
export const CountryOptionSchema = z.object({
  key: z.string(),
  value: z.string(),
  name: z.string(),
  label: z.string(),
});
/** §3 Country option: key, value, name, label. */
export type CountryOption = z.infer<typeof CountryOptionSchema>;

/** §3 Experiment: name, value ('treatment'). */
export const ExperimentSchema = z.object({ name: z.string(), value: z.string() });
/** §3 Experiment: name, value (`'treatment'` for the treatment arm). */
export type Experiment = z.infer<typeof ExperimentSchema>;

/** §5 / §9 feature flags: Apple Pay, CAD PayPal, Venmo. */
export const FeatureFlagsSchema = z.object({
  applePay: z.boolean().default(false),
  cadPayPal: z.boolean().default(false),
  venmo: z.boolean().default(false),
});
/** §5 / §9 feature flags: applePay, cadPayPal, venmo (each defaults to `false` when parsed). */
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

/**
 * The addresses of the legal documents the terms list links to (§2 "A terms-and-conditions list"), for one UI locale.
 */
export const LegalLinksSchema = z.object({ termsOfService: z.url(), privacyPolicy: z.url() });
/** The Terms of Service and Privacy Policy addresses of one UI locale (see {@link LegalLinksSchema}). */
export type LegalLinks = z.infer<typeof LegalLinksSchema>;

/**
 * `GET /payments/config` answer (docs/CONTRACTS.md): the payment driver the browser uses, its authorization and
 * the §9 feature flags, and the legal documents' addresses per UI locale. The one home of this shape: @ofw/api-client's contract and @ofw/payments' config use it.
 */
export const PaymentsConfigSchema = z.discriminatedUnion('driver', [
  z.object({
    driver: z.literal('sandbox'),
    /** A client token from the sandbox (`POST /v1/client_token`), one per request; 3D Secure needs one. */
    authorization: z.string().min(1),
    /** Origin of apps/payments-sandbox, e.g. http://localhost:3010. */
    sandboxUrl: z.string(),
    displayName: z.string(),
    flags: FeatureFlagsSchema,
    /** The legal documents per UI locale (`en-US`, `en-GB`, `es-US`, `es-MX`); absent from an older server. */
    legal: z.record(z.string(), LegalLinksSchema).optional(),
  }),
  z.object({
    driver: z.literal('braintree'),
    /** A Braintree client token (`clientToken.generate`) or, without 3D Secure, a tokenization key. */
    authorization: z.string().min(1),
    displayName: z.string(),
    flags: FeatureFlagsSchema,
    /** The legal documents per UI locale (`en-US`, `en-GB`, `es-US`, `es-MX`); absent from an older server. */
    legal: z.record(z.string(), LegalLinksSchema).optional(),
  }),
]);
/** `GET /payments/config` answer (see {@link PaymentsConfigSchema}). */
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;

/**
 * An order's billing address (§3 address fields, Braintree naming), trimmed: its shape. `extendedAddress` (address
 * line 2) and `region` may be left out — Braintree takes a billing address without them; whether the country needs
 * a region and which postal codes it has are the country rules of `checkBillingAddress` (rules/billing-address.ts),
 * which join-api applies after this shape (422) and join-web's form too. Lengths are Braintree's (255 characters,
 * validation errors 81804–81812). The one home of this shape: @ofw/api-client's order and billing-address requests,
 * @ofw/ui's billing form.
 */
export const BillingAddressSchema = z.object({
  streetAddress: z.string().trim().min(1, 'Required').max(255),
  extendedAddress: z.string().trim().max(255).optional(),
  locality: z.string().trim().min(1, 'Required').max(255),
  region: z.string().trim().max(255).optional(),
  postalCode: z.string().trim().min(2, 'Required').max(12),
  countryCodeAlpha2: z.string().regex(/^[A-Z]{2}$/, 'Expected an ISO country code'),
});
/** An order's billing address (see {@link BillingAddressSchema}). */
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

/** §5 payment-method visibility: `true` = shown. */
export const PaymentMethodVisibilitySchema = z.object({
  applePay: z.boolean(),
  venmo: z.boolean(),
  payPal: z.boolean(),
  amex: z.boolean(),
  discover: z.boolean(),
});
/** §5 payment-method visibility: `true` = shown. */
export type PaymentMethodVisibility = z.infer<typeof PaymentMethodVisibilitySchema>;

// ── Card and provider entities (§3) ────────────────────────────────────────────────────────────────────────────

/** §3 Card form field state. */
export const CardFieldStateSchema = z.object({
  isValid: z.boolean(),
  touched: z.boolean(),
  hasBlurred: z.boolean(),
  isPotentiallyValid: z.boolean(),
});
/** §3 Card form field state: isValid, touched, hasBlurred, isPotentiallyValid. */
export type CardFieldState = z.infer<typeof CardFieldStateSchema>;

/** §3 Card form state: number, expirationDate and cvv. */
export const CardFormStateSchema = z.object({
  number: CardFieldStateSchema,
  expirationDate: CardFieldStateSchema,
  cvv: CardFieldStateSchema,
});
/** §3 Card form state: number, expirationDate and cvv. */
export type CardFormState = z.infer<typeof CardFormStateSchema>;

/** §3 Card brands. */
export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'american-express',
  'diners-club',
  'discover',
  'jcb',
  'unionpay',
  'maestro',
  'elo',
  'mir',
  'hiper',
  'hipercard',
] as const;
/** zod schema of a supported card brand (§3 "Card brands"): one of {@link CARD_BRANDS}. */
export const CardBrandSchema = z.enum(CARD_BRANDS);
/** A supported card brand (§3 "Card brands"). */
export type CardBrand = z.infer<typeof CardBrandSchema>;

/** §3 Tokenized card result details. */
export const CardDetailsSchema = z.object({
  cardholderName: z.string().optional(),
  expirationMonth: z.string().optional(),
  expirationYear: z.string().optional(),
  bin: z.string().optional(),
  cardType: z.string().optional(),
  lastFour: z.string().optional(),
  lastTwo: z.string().optional(),
});
/** §3 Tokenized card result details (cardholderName, expiry, bin, cardType, lastFour, lastTwo). */
export type CardDetails = z.infer<typeof CardDetailsSchema>;

/** §3 Tokenized card result. */
export const TokenizedCardSchema = z.object({
  nonce: z.string().min(1),
  type: z.string(),
  description: z.string(),
  binData: z.record(z.string(), z.unknown()).optional(),
  details: CardDetailsSchema,
  threeDSecureInfo: z.record(z.string(), z.unknown()).optional(),
  authenticationInsight: z.object({ regulationEnvironment: z.string() }).optional(),
});
/** §3 Tokenized card result. */
export type TokenizedCard = z.infer<typeof TokenizedCardSchema>;

/** §3 3D Secure result → `threeDSecureInfo` (braintree-web `ThreeDSecure` verifyCard payload's `threeDSecureInfo`). */
export const ThreeDSecureInfoSchema = z.object({
  liabilityShifted: z.boolean(),
  liabilityShiftPossible: z.boolean(),
  status: z.string().optional(),
  enrolled: z.string().optional(),
  threeDSecureVersion: z.string().optional(),
  cavv: z.string().optional(),
  eciFlag: z.string().optional(),
  dsTransactionId: z.string().optional(),
  acsTransactionId: z.string().optional(),
  threeDSecureAuthenticationId: z.string().optional(),
});
/** §3 3D Secure result → `threeDSecureInfo`: the liability shift and the authentication's status and ids. */
export type ThreeDSecureInfo = z.infer<typeof ThreeDSecureInfoSchema>;

/**
 * §3 3D Secure result: every field the spec lists; `binData` and `verificationDetails` may be absent (braintree-web
 * leaves them out when the provider sends none), the rest are always there.
 */
export const ThreeDSecureResultSchema = z.object({
  nonce: z.string().min(1),
  type: z.string(),
  binData: z.record(z.string(), z.unknown()).optional(),
  details: CardDetailsSchema,
  description: z.string(),
  liabilityShifted: z.boolean(),
  liabilityShiftPossible: z.boolean(),
  threeDSecureInfo: ThreeDSecureInfoSchema,
  verificationDetails: z.record(z.string(), z.unknown()).optional(),
});
/** §3 3D Secure result. */
export type ThreeDSecureResult = z.infer<typeof ThreeDSecureResultSchema>;

/** §3 Address fields (verifyCard billing/shipping address). */
export const AddressSchema = z.object({
  streetAddress: z.string().optional(),
  extendedAddress: z.string().optional(),
  line3: z.string().optional(),
  locality: z.string().optional(),
  region: z.string().optional(),
  postalCode: z.string().optional(),
  countryCodeAlpha2: z.string().optional(),
  phoneNumber: z.string().optional(),
  givenName: z.string().optional(),
  surname: z.string().optional(),
});
/** §3 Address fields (verifyCard billing/shipping address). */
export type Address = z.infer<typeof AddressSchema>;

/** §3 verifyCard options (nonce, amount and bin required, §5 "3D Secure"). */
export const VerifyCardOptionsSchema = z.object({
  nonce: z.string().min(1),
  amount: z.union([z.number(), z.string()]),
  bin: z.string().min(1),
  email: z.string().optional(),
  mobilePhoneNumber: z.string().optional(),
  billingAddress: AddressSchema.optional(),
  shippingAddress: AddressSchema.optional(),
  additionalInformation: z.record(z.string(), z.unknown()).optional(),
  /** braintree-web `verifyCard` `accountType`: 'credit' or 'debit'. */
  accountType: z.enum(['credit', 'debit']).optional(),
  challengeRequested: z.boolean().optional(),
  dataOnlyRequested: z.boolean().optional(),
  exemptionRequested: z.boolean().optional(),
  requestedExemptionType: z.enum(['low_value', 'transaction_risk_analysis']).optional(),
  cardAdd: z.boolean().optional(),
});
/**
 * §3 verifyCard options; `amount` is the amount to authenticate in major units (number or decimal string, as
 * braintree-web's `threeDSecure.verifyCard` takes it).
 */
export type VerifyCardOptions = z.infer<typeof VerifyCardOptionsSchema>;

/** §3 Apple Pay payment request. */
export const ApplePayPaymentRequestSchema = z.object({
  total: z.object({ label: z.string(), amount: z.string(), type: z.literal('final').default('final') }),
  currencyCode: z.string().default('USD'),
  countryCode: z.string().default('US'),
  requiredBillingContactFields: z.array(z.string()).default(['postalAddress']),
  merchantCapabilities: z.array(z.string()).default(['supports3DS']),
  supportedNetworks: z.array(z.string()).default(['visa', 'masterCard', 'amex', 'discover']),
});
/** §3 Apple Pay payment request; `total.amount` is a decimal string in major units (Apple Pay JS). */
export type ApplePayPaymentRequest = z.infer<typeof ApplePayPaymentRequestSchema>;

/** §3 Venmo result. */
export const VenmoResultSchema = z.object({
  nonce: z.string().min(1),
  type: z.literal('VenmoAccount'),
  details: z.object({ username: z.string().startsWith('@'), paymentContextId: z.string().optional() }),
  payerInfo: z.record(z.string(), z.unknown()).optional(),
});
/** §3 Venmo result (type 'VenmoAccount', details.username with a leading @). */
export type VenmoResult = z.infer<typeof VenmoResultSchema>;

/** §3 PayPal result. */
export const PayPalResultSchema = z.object({
  nonce: z.string().min(1),
  type: z.string(),
  details: z.record(z.string(), z.unknown()),
  creditFinancingOffered: z.record(z.string(), z.unknown()).optional(),
});
/** §3 PayPal result: nonce, type, details, creditFinancingOffered. */
export type PayPalResult = z.infer<typeof PayPalResultSchema>;

/** §3 / §8 provider error types. */
export const ERROR_TYPES = ['CUSTOMER', 'MERCHANT', 'NETWORK', 'INTERNAL', 'UNKNOWN'] as const;
/** zod schema of a provider error type (§3 "Error object", §8): one of {@link ERROR_TYPES}. */
export const ProviderErrorTypeSchema = z.enum(ERROR_TYPES);
/** A provider error type (§3 "Error object", §8 "Provider error types"). */
export type ProviderErrorType = z.infer<typeof ProviderErrorTypeSchema>;

/** §3 Error object: name, code, message, type, details. */
export const ProviderErrorSchema = z.object({
  name: z.string(),
  code: z.string(),
  message: z.string(),
  type: ProviderErrorTypeSchema,
  details: z.unknown().optional(),
});
/** §3 Error object: name, code, message, type, details. */
export type ProviderError = z.infer<typeof ProviderErrorSchema>;

// ── Join state (§3 "Join state") ───────────────────────────────────────────────────────────────────────────────

/** §3 Join state.parent (phoneCountryCode defaults to '+1'). */
export const ParentSchema = z.object({
  email: z.string().optional(),
  familyId: z.union([z.string(), z.number()]).optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phoneCountryCode: z.string().default(JOIN_STATE_DEFAULTS.phoneCountryCode),
  phoneNumber: z.string().optional(),
  timeZone: z.string().optional(),
  userId: z.union([z.string(), z.number()]).optional(),
});
/** §3 Join state.parent (phoneCountryCode defaults to '+1' when parsed). */
export type Parent = z.infer<typeof ParentSchema>;

/** §3 Join state (defaults: parent.phoneCountryCode '+1', coparentPricing 'P3', languageLocale 'en-US'). */
export const JoinStateSchema = z.object({
  address: z.object({ country: z.string().optional(), line1: z.string().optional() }).default({}),
  agreedToTerms: z.boolean().default(false),
  authToken: z.string().optional(),
  availableCoupons: z.array(CouponAvailabilitySchema).default([]),
  billingAddressComplete: z.boolean().default(false),
  coParent: z.object({ userId: z.union([z.string(), z.number()]).optional() }).default({}),
  coparentPackageId: z.number().int().optional(),
  coparentCountry: z.string().optional(),
  flow: FlowSchema.optional(),
  familyMembers: z.array(z.record(z.string(), z.unknown())).default([]),
  graceLogins: z.number().int().optional(),
  inviteToken: z.string().optional(),
  isAuthedParent: z.boolean().default(false),
  isInvitedJoin: z.boolean().default(false),
  isJoin: z.boolean().default(false),
  isSubscriptionCurrent: z.boolean().default(false),
  parent: ParentSchema.default({ phoneCountryCode: JOIN_STATE_DEFAULTS.phoneCountryCode }),
  parentAccountType: z.string().optional(),
  referral: z.object({ selection: z.string().optional(), other: z.string().optional() }).default({}),
  requireCredentials: z.boolean().default(false),
  subscriptionStatus: SubscriptionStatusSchema.default('none'),
  securityQuestionsComplete: z.boolean().default(false),
  userCreatedByPro: z.boolean().default(false),
  proFirstName: z.string().optional(),
  proLastName: z.string().optional(),
  coparentPricing: PricingGroupSchema.default(JOIN_STATE_DEFAULTS.coparentPricing),
  languageLocale: z.string().default(JOIN_STATE_DEFAULTS.languageLocale),
  migrationPricingGroup: PricingGroupSchema.optional(),
});
/** §3 Join state with its defaults applied (see {@link JoinStateSchema}). */
export type JoinState = z.infer<typeof JoinStateSchema>;
/** Join state as accepted before defaults are applied. */
export type JoinStateInput = z.input<typeof JoinStateSchema>;

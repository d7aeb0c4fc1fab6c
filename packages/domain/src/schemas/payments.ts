/**
 * Payment entities of spec §3 and §5: the billing address, payment-method visibility, the card form, tokenized card,
 * 3D Secure, Apple Pay, Venmo and PayPal results, and the provider error object (§8).
 *
 * @module
 */
import * as z from 'zod';

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

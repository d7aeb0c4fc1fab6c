import { z } from 'zod';
import { BillingAddressSchema, CurrencySchema, SubscriptionStatusSchema } from '@ofw/domain';
import { IdSchema } from './ids.js';

/*
 * Subscription, saved payment method and renewal shapes of join-api (docs/RENEWAL.md, docs/CONTRACTS.md): the
 * subscription an order starts, the renewal the parent chose on the terms step, and the links of the renewal e-mails
 * that work without signing in.
 */

/** The subscription an order created (§4 "Subscription status"), in `POST /orders` 201. */
export const SubscriptionSchema = z.object({
  status: SubscriptionStatusSchema,
  packageId: IdSchema,
  /** ISO 8601 date-time (UTC). */
  startsAt: z.string(),
  /** ISO 8601 date-time (UTC). */
  expiresAt: z.string(),
  /** Whether it renews automatically at its end (the order's `autoRenew`); an older server omits it: false. */
  autoRenew: z.boolean().default(false),
});

/**
 * What paid for an order, as its receipt names it (docs/RECEIPTS.md: nothing else of it is kept): a card's brand and
 * last four; an Apple Pay card's brand and last four; the PayPal payer's e-mail; the Venmo username with its leading
 * @ (§3). A value the provider did not give is null. Also the saved payment method a renewal charges.
 */
export const PaymentMethodSummarySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('card'), brand: z.string().nullable(), last4: z.string().nullable() }),
  z.object({ type: z.literal('apple_pay'), brand: z.string().nullable(), last4: z.string().nullable() }),
  z.object({ type: z.literal('paypal'), payerEmail: z.string().nullable() }),
  z.object({ type: z.literal('venmo'), username: z.string().nullable() }),
]);
/** See {@link PaymentMethodSummarySchema}. */
export type PaymentMethodSummary = z.infer<typeof PaymentMethodSummarySchema>;

/**
 * The next renewal of a subscription that renews automatically: the package's price for a new term in the charge
 * currency (`@ofw/domain` `renewalQuote`: no coupon or proration of the first term carries over), major units, and
 * when it is charged — the term's last day (`chargeOn`, ISO 8601 date-time UTC). `retrying` after a declined renewal:
 * `nextAttemptAt` is the next try (docs/RENEWAL.md "Retries"); the subscription stays current until the last one.
 */
export const RenewalSchema = z.object({
  amount: z.number(),
  currencyCode: CurrencySchema,
  /** `amount` formatted with `@ofw/domain`'s `formatPrice` ("$216.00", "£107.99"). */
  formattedAmount: z.string(),
  chargeOn: z.string(),
  state: z.enum(['scheduled', 'retrying']),
  nextAttemptAt: z.string().nullable(),
});
/** See {@link RenewalSchema}. */
export type Renewal = z.infer<typeof RenewalSchema>;

/**
 * The parent's latest subscription in `GET /parents/{userId}`: its status (§4: current or expired), package and term,
 * whether it renews automatically, the saved payment method a renewal charges (null: none saved — renewal cannot be
 * turned on), and the next renewal (null when `autoRenew` is false or the subscription is expired).
 */
export const ParentSubscriptionSchema = SubscriptionSchema.extend({
  autoRenew: z.boolean(),
  paymentMethod: PaymentMethodSummarySchema.nullable(),
  renewal: RenewalSchema.nullable(),
});
/** See {@link ParentSubscriptionSchema}. */
export type ParentSubscription = z.infer<typeof ParentSubscriptionSchema>;

/** `PUT /parents/{userId}/auto-renew` body: renewal on or off. */
export const AutoRenewRequestSchema = z.object({ autoRenew: z.boolean() });
/** See {@link AutoRenewRequestSchema}. */
export type AutoRenewRequest = z.infer<typeof AutoRenewRequestSchema>;

/** The token of a renewal e-mail's link (path param): 20–200 URL-safe characters. */
export const RenewalLinkParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/) });

/**
 * What a renewal e-mail's link is for: `turn_off_renewal` (the reminders before a renewal), `update_payment_method`
 * (a declined renewal: save another method and pay the renewal), `come_back` (the subscription expired without
 * renewal: sign in to the join, priced by §4 "Pricing group" for an expired subscription).
 */
export const RenewalLinkPurposeSchema = z.enum(['turn_off_renewal', 'update_payment_method', 'come_back']);
/** See {@link RenewalLinkPurposeSchema}. */
export type RenewalLinkPurpose = z.infer<typeof RenewalLinkPurposeSchema>;

/**
 * `GET /renewal-links/{token}`: what the link's page shows, without signing in — whose subscription (first name only),
 * its package and term, and its renewal. Reading it changes nothing.
 */
export const RenewalLinkSchema = z.object({
  purpose: RenewalLinkPurposeSchema,
  languageLocale: z.string(),
  firstName: z.string(),
  /** The parent's IANA time zone (§3 parent.timeZone): the page shows the link's dates in it; an older server omits it. */
  timeZone: z.string().optional(),
  packageName: z.string(),
  subscription: ParentSubscriptionSchema,
});
/** See {@link RenewalLinkSchema}. */
export type RenewalLink = z.infer<typeof RenewalLinkSchema>;

/**
 * `POST /renewal-links/{token}/payment-method` body: the new payment method's nonce (a card's 3D Secure-verified
 * nonce, or a wallet's vaultable one), its device data, and a card's billing address.
 */
export const RenewalPaymentMethodRequestSchema = z.object({
  paymentMethodNonce: z.string().min(1).max(200),
  deviceData: z.string().max(4000).optional(),
  billingAddress: BillingAddressSchema.optional(),
});
/** See {@link RenewalPaymentMethodRequestSchema}. */
export type RenewalPaymentMethodRequest = z.input<typeof RenewalPaymentMethodRequestSchema>;

/**
 * `POST /renewal-links/{token}/payment-method` 200: the method was saved (`saved`) and, when a renewal was due
 * (declined before), paid with it (`renewed`: the subscription runs a term longer, a receipt is e-mailed).
 */
export const RenewalPaymentMethodResponseSchema = z.object({
  outcome: z.enum(['saved', 'renewed']),
  subscription: ParentSubscriptionSchema,
});
/** See {@link RenewalPaymentMethodResponseSchema}. */
export type RenewalPaymentMethodResponse = z.infer<typeof RenewalPaymentMethodResponseSchema>;

/**
 * `POST /renewal-links/{token}/session` 200 (a `come_back` link): the parent is signed in — a browser by the
 * `__Host-ofw_session` cookie only (a request with `Origin` or `Sec-Fetch-Site`: no `authToken` in the body), another
 * client by `authToken` — and continues in the join.
 */
export const RenewalSessionResponseSchema = z.object({ userId: IdSchema, authToken: z.string().optional() });
/** See {@link RenewalSessionResponseSchema}. */
export type RenewalSessionResponse = z.infer<typeof RenewalSessionResponseSchema>;

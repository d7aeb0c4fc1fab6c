/*
 * `POST /orders` of join-api (docs/CONTRACTS.md "HTTP API"): the request, its expected charge and idempotency
 * key, the receipt and the answer.
 */
import { z } from 'zod';
import { CurrencySchema, BillingAddressSchema, OrderServiceSchema, ProratedPriceInfoSchema } from '@ofw/domain';
import { IdSchema } from '../ids.js';
import { PaymentMethodSummarySchema, SubscriptionSchema } from '../subscription.js';

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

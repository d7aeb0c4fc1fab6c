import { z } from 'zod';

// ApiError, isApiError and problemType live in errors.ts (no zod: `@ofw/api-client/errors` loads without it); the
// main entry exports both modules. errors.ts imports this module's types, so this one never imports it back.

/**
 * One field at fault in a request: `field` is a dotted path into the JSON body or query
 * (e.g. `parent.email`, `billingAddress.postalCode`, `query.currency`).
 */
export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
/** One field at fault in a request (see {@link FieldErrorSchema}). */
export type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * Stable machine codes of join-api's problems. `type` is always `https://ofw.example/problems/<code>`
 * (see {@link problemType}). Declines (§8) carry `processor_declined` or `gateway_rejected`; `authentication_required`
 * (402) is the bank's soft decline asking for 3D Secure (processor response 2099): authenticate the card with a
 * challenge (`verifyCard({ challengeRequested: true })` on a new nonce) and retry the order once with the SAME
 * Idempotency-Key and the new nonce. `currency_not_offered`
 * (422): a package or `GET /packages` currency that is not the parent's country's (§1 join countries). `price_changed`
 * (409): the order's price is no longer the `expectedCharge` the page showed; the problem's `quote` is the new one.
 * `coupon_unknown`, `coupon_expired`, `coupon_not_applicable` (422, `POST /coupons/check`): a promotion code that does
 * not exist, was switched off, or is for another audience or a package the parent is not offered (§4 "Discount").
 * `not_paid_yet` (409): a step that needs the subscription paid first (the co-parent answer, which e-mails an invitation).
 * `overloaded` (503, with `Retry-After`): join-api refused the request at once because it is past its load thresholds
 * (nothing of the request ran); send it again after `Retry-After`.
 * `no_subscription` / `no_saved_payment_method` (409, `PUT /parents/{userId}/auto-renew`): renewal cannot be turned
 * on without a current subscription or a saved payment method. `link_invalid` (404): a renewal e-mail's link that is
 * unknown, used or expired — one answer for all three (docs/RENEWAL.md).
 * E-mail proof (docs/IDENTITY.md): `email_unverified` (403): the parent's address is not proven yet (payment and the
 * co-parent invitation wait for it) — send and enter a code; `already_subscribed` (409, `POST /orders`): another
 * account proven at this address holds a current subscription — sign in to it (and upgrade there) instead;
 * `email_already_verified` (409, `POST /parents/{userId}/email-code`): nothing to prove; `code_incorrect` (422, with
 * `triesLeft`), `code_expired` (422: past its 10 minutes, replaced, or none sent) and `too_many_tries` (422: its 5
 * tries are used) — the last two need a new code.
 */
export const ProblemCodeSchema = z.enum([
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'username_taken',
  'idempotency_key_required',
  'idempotency_key_reused',
  'idempotency_in_flight',
  'processor_declined',
  'gateway_rejected',
  'payment_gateway_unavailable',
  'payment_method_expired',
  'authentication_required',
  'order_already_paid',
  'not_an_upgrade',
  'price_changed',
  'package_unavailable',
  'currency_not_offered',
  'coupon_unknown',
  'coupon_expired',
  'coupon_not_applicable',
  'invalid_invite_token',
  'origin_not_allowed',
  'current_password_required',
  'current_password_incorrect',
  'signup_completed',
  'not_paid_yet',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
  'overloaded',
  'no_subscription',
  'no_saved_payment_method',
  'link_invalid',
  'email_unverified',
  'already_subscribed',
  'email_already_verified',
  'code_incorrect',
  'code_expired',
  'too_many_tries',
]);
/** A stable machine code of a join-api problem (see {@link ProblemCodeSchema}). */
export type ProblemCode = z.infer<typeof ProblemCodeSchema>;

/**
 * Why a card was refused (402 `processor_declined` / `gateway_rejected`), coarse on purpose: a card tester learns no
 * processor code, text or CVV/AVS detail (those stay in join-api's logs), the parent gets a message to act on:
 * - `insufficient_funds`: not enough funds or over a limit — try another card;
 * - `expired_card`: the card has expired;
 * - `authentication_failed`: the card could not be verified (security code, address, 3D Secure) — check the security
 *   code or try another card;
 * - `card_declined`: any other refusal by the bank or the gateway — try another card.
 */
export const DeclineCategorySchema = z.enum([
  'insufficient_funds',
  'expired_card',
  'authentication_failed',
  'card_declined',
]);
/** Why a card was refused (see {@link DeclineCategorySchema}). */
export type DeclineCategory = z.infer<typeof DeclineCategorySchema>;

/**
 * RFC 9457 problem details as join-api sends them (`application/problem+json`).
 * Extra members: `code` (stable, see {@link ProblemCodeSchema}), `errors` (field errors), and for declines (402)
 * `declineCategory` ({@link DeclineCategorySchema}) — never the processor's response code or text.
 */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    code: z.string(),
    errors: z.array(FieldErrorSchema).optional(),
    /** With a decline (402): why, coarsely. */
    declineCategory: DeclineCategorySchema.optional(),
    /** With `rate_limited` (429): seconds to wait before retrying. */
    retryAfterSeconds: z.number().optional(),
    /** With `code_incorrect` (422): how many more tries the code takes before a new one is needed. */
    triesLeft: z.number().int().optional(),
    /** With `price_changed` (409): what the order costs now (major units, 2 decimals, as a decimal string). */
    quote: z.object({ amount: z.string(), currencyCode: z.string() }).optional(),
  })
  .loose();
/** RFC 9457 problem details as join-api sends them (see {@link ProblemSchema}). */
export type Problem = z.infer<typeof ProblemSchema>;

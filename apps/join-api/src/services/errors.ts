import type { FieldError } from '@ofw/api-client';

/**
 * Why a service refused (a {@link ServiceError}'s `reason`), in the join's own terms (domain errors, mapped to problem+json at one edge —
 * `problemOf` in lib/problem.ts gives each its HTTP status and the contract's problem code).
 * - signups: `invite_invalid` (a used, expired or unknown invite token), `referral_invalid` (a pro referral link no
 *   longer valid), `signup_completed` (a replayed signup whose parent has finished registering),
 *   `signup_not_found` (no signup of this parent has the registration key);
 * - Idempotency-Key: `key_in_flight` (the same key is being processed), `key_reused` (it came with another body);
 * - registration: `weak_password` (short, common or close to the username), `username_taken`,
 *   `unknown_security_question`, `own_email_as_co_parent`, `parent_not_found`, `current_password_required`,
 *   `current_password_incorrect`, `not_paid_yet` (a step that waits for the payment: the co-parent answer),
 *   `billing_address_invalid` (a postal code or region its country does not have, services/billing-address.ts);
 * - promotion codes (`POST /coupons/check`): `coupon_unknown`, `coupon_expired` (switched off),
 *   `coupon_not_applicable` (another audience, or a package the parent is not offered);
 * - orders: `coupon_invalid`, `currency_not_offered` (not the parent's country's currency, §1), `package_unavailable`,
 *   `order_already_paid`, `not_an_upgrade`, `price_changed` (the quote is not the `expectedCharge` the page showed),
 *   `attempt_closed`, `processor_declined`, `gateway_rejected`,
 *   `payment_method_expired` (a used or unknown nonce), `authentication_required` (the bank's soft decline asking for
 *   3D Secure: one step-up under the same key, services/step-up.ts), `gateway_unavailable` (the charge is in doubt),
 *   `email_unverified` (the payer's address is not proven), `already_subscribed` (another account proven at the
 *   address holds a current subscription);
 * - e-mail proof (services/email-proof.ts, docs/IDENTITY.md): `email_already_verified`, `code_incorrect`,
 *   `code_expired`, `too_many_tries`.
 */
export type RefusalReason =
  | 'invite_invalid'
  | 'referral_invalid'
  | 'signup_completed'
  | 'signup_not_found'
  | 'key_in_flight'
  | 'key_reused'
  | 'weak_password'
  | 'username_taken'
  | 'unknown_security_question'
  | 'own_email_as_co_parent'
  | 'parent_not_found'
  | 'current_password_required'
  | 'current_password_incorrect'
  | 'not_paid_yet'
  | 'billing_address_invalid'
  | 'coupon_invalid'
  | 'coupon_unknown'
  | 'coupon_expired'
  | 'coupon_not_applicable'
  | 'currency_not_offered'
  | 'package_unavailable'
  | 'order_already_paid'
  | 'not_an_upgrade'
  | 'price_changed'
  | 'attempt_closed'
  | 'processor_declined'
  | 'gateway_rejected'
  | 'payment_method_expired'
  | 'authentication_required'
  | 'gateway_unavailable'
  | 'email_unverified'
  | 'already_subscribed'
  | 'email_already_verified'
  | 'code_incorrect'
  | 'code_expired'
  | 'too_many_tries';

/**
 * A service's refusal: no HTTP in it — the routes and the app's one error handler turn it into
 * problem+json (`problemOf`). `detail` is the sentence for the problem's `detail`; `errors` name the fields at fault;
 * `extra` members are added to the problem body (e.g. a decline's `processorResponseCode`, the `orderId`);
 * `retryAfterSeconds` says when a retry may work (sent as `Retry-After`).
 */
export class ServiceError extends Error {
  readonly reason: RefusalReason;
  readonly errors: FieldError[] | undefined;
  readonly extra: Record<string, unknown>;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    reason: RefusalReason,
    detail: string,
    opts: { errors?: FieldError[]; extra?: Record<string, unknown>; retryAfterSeconds?: number } = {},
  ) {
    super(detail);
    this.name = 'ServiceError';
    this.reason = reason;
    this.errors = opts.errors;
    this.extra = opts.extra ?? {};
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

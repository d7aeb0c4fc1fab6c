/**
 * The 3D Secure policy of both gateway drivers (docs/PAYMENTS.md "3D Secure policy"): every card nonce has gone through
 * the 3DS lookup; the sale requires the liability shift only where the lookup made one possible; where it could not
 * shift (not enrolled, authentication unavailable, lookup error) the card is sold without it and the merchant keeps
 * the liability.
 *
 * Statuses: Braintree's `threeDSecureInfo.status` values (Braintree GraphQL `ThreeDSecureAuthenticationStatus`,
 * braintree_node `ThreeDSecureInfo`; Braintree "3D Secure › Testing" gives the sandbox cards for each).
 */

/** The 3D Secure result a nonce carries (braintree_node `PaymentMethodNonce.threeDSecureInfo`; the subset read). */
export interface ThreeDSecureInfoLike {
  liabilityShifted?: boolean | null;
  liabilityShiftPossible?: boolean | null;
  status?: string | null;
}

/**
 * What a charge did about 3D Secure, for logs and (later) metrics: `liabilityShifted` false on an approved card sale
 * means the merchant keeps the chargeback liability (the card could not be authenticated).
 */
export interface ThreeDSecureSummary {
  /** Braintree's 3DS status, e.g. `authenticate_successful`, `authentication_unavailable`, `lookup_error`. */
  status: string;
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
}

/**
 * Statuses of an authentication that was attempted and failed, rejected or abandoned (a challenge never completed):
 * the cardholder was not authenticated and Braintree's test-card guide says to "prompt customers for another form of
 * payment" (e.g. 4000000000002925 `authenticate_frictionless_failed`). Refused before any sale, whatever
 * `liabilityShiftPossible` says.
 */
export const FAILED_AUTHENTICATION_STATUSES: ReadonlySet<string> = new Set([
  'authenticate_failed',
  'authenticate_frictionless_failed',
  'authenticate_rejected',
  'authenticate_signature_verification_failed',
  'challenge_required',
]);

/**
 * The policy for one card nonce:
 * - `refuse`: no 3DS lookup at all (`threeDSecureInfo` missing), a failed/rejected/abandoned authentication, or a
 *   possible liability shift that did not happen — nothing is sold;
 * - `require`: the lookup made a liability shift possible (and it shifted): the sale carries
 *   `options.threeDSecure.required: true`, so the gateway itself refuses anything that did not authenticate;
 * - `merchant_liable`: liability cannot shift (`liabilityShiftPossible` false: not enrolled, authentication
 *   unavailable, lookup error…): the sale goes without `required` and the merchant keeps the liability.
 * Never throws.
 */
export function threeDSecurePolicy(
  info: ThreeDSecureInfoLike | null | undefined,
): { decision: 'refuse'; reason: string } | { decision: 'require' | 'merchant_liable'; summary: ThreeDSecureSummary } {
  if (!info) return { decision: 'refuse', reason: 'The card was not authenticated with 3D Secure.' };
  const summary: ThreeDSecureSummary = {
    status: info.status ?? 'unknown',
    liabilityShifted: info.liabilityShifted === true,
    liabilityShiftPossible: info.liabilityShiftPossible === true,
  };
  if (FAILED_AUTHENTICATION_STATUSES.has(summary.status)) return { decision: 'refuse', reason: summary.status };
  if (summary.liabilityShiftPossible) {
    if (!summary.liabilityShifted) return { decision: 'refuse', reason: summary.status };
    return { decision: 'require', summary };
  }
  return { decision: 'merchant_liable', summary };
}

/** The stable log message of a card sold without a liability shift (the merchant keeps the liability). */
export const LIABILITY_KEPT_MESSAGE = '3ds: card sold without liability shift; the merchant keeps the liability';

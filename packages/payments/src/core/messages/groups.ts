/** What a payment failure means for the parent: the group of every error message of the §8 catalogue. */
import type { PaymentMessageId } from './descriptors.js';

/**
 * What a payment failure means for the parent — the few situations a page words for a parent, so that no provider
 * text (braintree-web's `message`, or §8's developer-facing texts such as "Selector does not reference a valid DOM
 * node.") has to reach the page:
 * - `setup`: the site's payment set-up or credentials are wrong (not the parent's doing) — try later or another way;
 * - `load_failed`: the card form or the provider's script could not load, or was closed — reload the page;
 * - `network`: the provider could not be reached or did not answer in time — try again;
 * - `rate_limited`: too many attempts — wait a few minutes;
 * - `fields_invalid`: card fields empty or invalid — fix the highlighted fields;
 * - `card_invalid`: the card could not be used (tokenization refused, a duplicate) — check it or use another;
 * - `security_code`: the security code (CVV) did not verify — check it;
 * - `canceled`: the parent closed the 3D Secure, wallet or payment window — nothing was charged;
 * - `three_d_secure_failed`: the bank could not authenticate the card;
 * - `three_d_secure_unavailable`: the bank's verification (its authentication script) could not load or set up in
 *   time (§4 "3D Secure flow" 7, §8 "setup timed out", "response timed out") — nothing charged, try again;
 * - `in_progress`: a verification or wallet payment is already open;
 * - `declined`: the bank or the gateway refused the payment;
 * - `wallet_unavailable`: this wallet is not available on this site or device;
 * - `popup_blocked`: the browser blocked the payment window;
 * - `wallet_failed`: a PayPal, Venmo or Apple Pay payment failed;
 * - `generic`: anything else.
 */
export type PaymentErrorGroup =
  | 'setup'
  | 'load_failed'
  | 'network'
  | 'rate_limited'
  | 'fields_invalid'
  | 'card_invalid'
  | 'security_code'
  | 'canceled'
  | 'three_d_secure_failed'
  | 'three_d_secure_unavailable'
  | 'in_progress'
  | 'declined'
  | 'wallet_unavailable'
  | 'popup_blocked'
  | 'wallet_failed'
  | 'generic';

/** The catalogue's texts that are labels, not errors (3D Secure window, Venmo button). */
type LabelMessageId =
  | 'payments.threeDSecure.interstitial'
  | 'payments.threeDSecure.close'
  | 'payments.threeDSecure.title'
  | 'payments.venmo.title';

/** The group of every error message of the catalogue (exhaustive: a new message id must be given one). */
const GROUPS: Record<Exclude<PaymentMessageId, LabelMessageId>, PaymentErrorGroup> = {
  'payments.error.generic': 'generic',
  'payments.error.configuration': 'setup',
  'payments.error.authorizationInvalid': 'setup',
  'payments.error.gatewayUnavailable': 'network',
  'payments.error.timeout': 'network',
  'payments.error.badRequest': 'setup',
  'payments.error.rateLimited': 'rate_limited',
  'payments.error.insufficientPrivileges': 'setup',
  'payments.error.scriptFailedToLoad': 'load_failed',
  'payments.error.afterTeardown': 'load_failed',
  'payments.error.network': 'network',
  'payments.error.declined': 'declined',
  'payments.error.gatewayRejected': 'declined',
  'payments.error.cardInvalid': 'card_invalid',
  'payments.hostedFields.timeout': 'load_failed',
  'payments.hostedFields.invalidSelector': 'setup',
  'payments.hostedFields.fieldsEmpty': 'fields_invalid',
  'payments.hostedFields.fieldsInvalid': 'fields_invalid',
  'payments.hostedFields.duplicateCard': 'card_invalid',
  'payments.hostedFields.cvvFailed': 'security_code',
  'payments.hostedFields.tokenizationFailed': 'card_invalid',
  'payments.hostedFields.tokenizationNetwork': 'network',
  'payments.threeDSecure.notEnabled': 'setup',
  'payments.threeDSecure.tokenizationKey': 'setup',
  'payments.threeDSecure.httpsRequired': 'setup',
  'payments.threeDSecure.inProgress': 'in_progress',
  'payments.threeDSecure.canceled': 'canceled',
  'payments.threeDSecure.failed': 'three_d_secure_failed',
  'payments.threeDSecure.lookupFailed': 'three_d_secure_failed',
  'payments.threeDSecure.unavailable': 'three_d_secure_unavailable',
  'payments.applePay.processing': 'wallet_failed',
  'payments.applePay.initializing': 'wallet_unavailable',
  'payments.applePay.tokenizing': 'wallet_failed',
  'payments.wallet.canceled': 'canceled',
  'payments.wallet.inProgress': 'in_progress',
  'payments.wallet.notEnabled': 'wallet_unavailable',
  'payments.wallet.popupBlocked': 'popup_blocked',
  'payments.wallet.failed': 'wallet_failed',
  'payments.frame.closed': 'canceled',
  'payments.dataCollector.failed': 'setup',
};

/**
 * The {@link PaymentErrorGroup} of a catalogue message id; `generic` for a label id (never an error's).
 * @param messageId a key of {@link paymentMessages}.
 */
export function paymentErrorGroup(messageId: PaymentMessageId): PaymentErrorGroup {
  return (GROUPS as Partial<Record<PaymentMessageId, PaymentErrorGroup>>)[messageId] ?? 'generic';
}

/** Every {@link PaymentErrorGroup}, for pages that word each one (and their tests). */
export const PAYMENT_ERROR_GROUPS: readonly PaymentErrorGroup[] = [
  'setup',
  'load_failed',
  'network',
  'rate_limited',
  'fields_invalid',
  'card_invalid',
  'security_code',
  'canceled',
  'three_d_secure_failed',
  'three_d_secure_unavailable',
  'in_progress',
  'declined',
  'wallet_unavailable',
  'popup_blocked',
  'wallet_failed',
  'generic',
];

/**
 * The §8 error catalogue: provider error codes → react-intl message ids, with the en-US default texts.
 * Where the spec gives a text (§8) it is the default; other texts are the product's own wording.
 * join-web keeps the translations (en-GB, es-US, es-MX) of every id listed in `paymentMessages`.
 */

import type { ProviderErrorType } from '@ofw/domain';

/**
 * §3/§8 provider error types (braintree-web's `BraintreeError.type`): @ofw/domain's `ERROR_TYPES`, their one list;
 * errors.ts re-exports it.
 */
export type PaymentErrorType = ProviderErrorType;

/** react-intl descriptors of every payment message (en-US defaults). */
export const paymentMessages = {
  'payments.error.generic': {
    id: 'payments.error.generic',
    description: 'Payment error that the payment provider did not explain; the parent may retry later.',
    defaultMessage: 'An unexpected error occurred, please try again later.',
  },
  'payments.error.configuration': {
    id: 'payments.error.configuration',
    description: 'Payment error when the payment set-up of the site is wrong (not the parent’s fault).',
    defaultMessage: 'Payments are not set up correctly. Please try again later.',
  },
  'payments.error.authorizationInvalid': {
    id: 'payments.error.authorizationInvalid',
    description:
      'Payment provider error (from Braintree): the site’s payment credentials were refused. Technical; keep "client token" and "tokenization key" recognizable.',
    defaultMessage: 'Authorization is invalid. Make sure your client token or tokenization key is valid.',
  },
  'payments.error.gatewayUnavailable': {
    id: 'payments.error.gatewayUnavailable',
    description: 'Payment error when the payment provider (the gateway) cannot be reached.',
    defaultMessage: 'Cannot contact the gateway at this time.',
  },
  'payments.error.timeout': {
    id: 'payments.error.timeout',
    description: 'Payment error when the payment provider did not answer in time.',
    defaultMessage: 'Request timed out waiting for a reply.',
  },
  'payments.error.badRequest': {
    id: 'payments.error.badRequest',
    description: 'Payment error when the payment provider refused a request.',
    defaultMessage: 'There was a problem with your request.',
  },
  'payments.error.rateLimited': {
    id: 'payments.error.rateLimited',
    description: 'Payment error when too many requests were made in a short time; retry in a few minutes.',
    defaultMessage: 'You are being rate-limited; please try again in a few minutes.',
  },
  'payments.error.insufficientPrivileges': {
    id: 'payments.error.insufficientPrivileges',
    description: 'Payment provider error (from Braintree): the site’s credentials may not do this. Technical.',
    defaultMessage: 'The authorization used has insufficient privileges.',
  },
  'payments.error.scriptFailedToLoad': {
    id: 'payments.error.scriptFailedToLoad',
    description: 'Payment error when the payment provider’s script (Braintree) could not be downloaded.',
    defaultMessage: 'Braintree client script could not be loaded.',
  },
  'payments.error.afterTeardown': {
    id: 'payments.error.afterTeardown',
    description: 'Payment error when the card form was closed while still in use.',
    defaultMessage: 'The payment form was closed. Reload the page and try again.',
  },
  'payments.error.network': {
    id: 'payments.error.network',
    description: 'Payment error when the connection to the payment service failed.',
    defaultMessage: 'We could not reach the payment service. Check your connection and try again.',
  },
  'payments.error.declined': {
    id: 'payments.error.declined',
    description: 'Payment error: the bank declined the card.',
    defaultMessage: 'Your card was declined. Try another card or contact your bank.',
  },
  'payments.error.gatewayRejected': {
    id: 'payments.error.gatewayRejected',
    description: 'Payment error: the payment provider rejected the payment (e.g. fraud checks or address mismatch).',
    defaultMessage: 'The payment was not accepted. Check the details or use another card.',
  },
  'payments.error.cardInvalid': {
    id: 'payments.error.cardInvalid',
    description: 'Payment error: the card details are not valid.',
    defaultMessage: 'Credit card is invalid',
  },
  'payments.hostedFields.timeout': {
    id: 'payments.hostedFields.timeout',
    description: 'Payment error when the secure card fields (Braintree “Hosted Fields”) did not load in time.',
    defaultMessage: 'Hosted Fields timed out when attempting to set up.',
  },
  'payments.hostedFields.invalidSelector': {
    id: 'payments.hostedFields.invalidSelector',
    description: 'Payment provider error (from Braintree): the page has no place for a card field. Technical.',
    defaultMessage: 'Selector does not reference a valid DOM node.',
  },
  'payments.hostedFields.fieldsEmpty': {
    id: 'payments.hostedFields.fieldsEmpty',
    description: 'Payment error when the card form is submitted empty.',
    defaultMessage: 'All fields are empty. Cannot tokenize empty card fields.',
  },
  'payments.hostedFields.fieldsInvalid': {
    id: 'payments.hostedFields.fieldsInvalid',
    description: 'Payment error when some card fields are invalid.',
    defaultMessage: 'Some payment input fields are invalid. Cannot tokenize invalid card fields.',
  },
  'payments.hostedFields.duplicateCard': {
    id: 'payments.hostedFields.duplicateCard',
    description: 'Payment provider error (from Braintree): this card is already stored by the merchant.',
    defaultMessage: "This credit card already exists in the merchant's vault.",
  },
  'payments.hostedFields.cvvFailed': {
    id: 'payments.hostedFields.cvvFailed',
    description: 'Payment error: the card security code (CVV) did not match.',
    defaultMessage: 'CVV verification failed.',
  },
  'payments.hostedFields.tokenizationFailed': {
    id: 'payments.hostedFields.tokenizationFailed',
    description: 'Payment error when the card could not be checked; the parent checks the details and retries.',
    defaultMessage: 'The card could not be verified. Check the card details and try again.',
  },
  'payments.hostedFields.tokenizationNetwork': {
    id: 'payments.hostedFields.tokenizationNetwork',
    description: 'Payment error when the network failed while the card was sent.',
    defaultMessage: 'A network error occurred while processing the card. Please try again.',
  },
  'payments.threeDSecure.notEnabled': {
    id: 'payments.threeDSecure.notEnabled',
    description:
      'Payment provider error: bank card verification (3D Secure) is not switched on for this merchant. Technical.',
    defaultMessage: '3D Secure is not enabled for this merchant.',
  },
  'payments.threeDSecure.tokenizationKey': {
    id: 'payments.threeDSecure.tokenizationKey',
    description: 'Payment provider error (from Braintree): 3D Secure needs another kind of credential. Technical.',
    defaultMessage: '3D Secure can not use a tokenization key for authorization.',
  },
  'payments.threeDSecure.httpsRequired': {
    id: 'payments.threeDSecure.httpsRequired',
    description: 'Payment provider error: bank card verification (3D Secure) needs a secure (HTTPS) page. Technical.',
    defaultMessage: '3D Secure requires HTTPS.',
  },
  'payments.threeDSecure.inProgress': {
    id: 'payments.threeDSecure.inProgress',
    description: 'Payment error when a bank card verification (3D Secure) is already open.',
    defaultMessage: 'Authentication already in progress.',
  },
  'payments.threeDSecure.canceled': {
    id: 'payments.threeDSecure.canceled',
    description: 'Payment error when the parent closed the bank card verification (3D Secure) window.',
    defaultMessage: 'Canceled by user.',
  },
  'payments.threeDSecure.failed': {
    id: 'payments.threeDSecure.failed',
    description: 'Payment error when the bank could not verify the card (3D Secure).',
    defaultMessage: 'Your bank could not authenticate the card. Try again or use another card.',
  },
  'payments.threeDSecure.lookupFailed': {
    id: 'payments.threeDSecure.lookupFailed',
    description: 'Payment error when checking with the bank whether the card needs verification failed.',
    defaultMessage: 'The card could not be checked with your bank. Please try again.',
  },
  'payments.threeDSecure.unavailable': {
    id: 'payments.threeDSecure.unavailable',
    description:
      'Payment error when the bank’s card verification (3D Secure) could not load or did not answer in time; nothing was charged and the parent may try again.',
    defaultMessage: 'Your bank’s card verification did not load in time. You have not been charged. Try again.',
  },
  'payments.threeDSecure.interstitial': {
    id: 'payments.threeDSecure.interstitial',
    description: 'Shown before the bank’s own verification page (3D Secure) opens in a window.',
    defaultMessage: 'Your bank needs to confirm this payment. Its page opens next; follow its steps to continue.',
  },
  'payments.threeDSecure.close': {
    id: 'payments.threeDSecure.close',
    description: 'Button that closes the bank verification (3D Secure) window.',
    defaultMessage: 'Close',
  },
  'payments.threeDSecure.title': {
    id: 'payments.threeDSecure.title',
    description: 'Title of the bank verification (3D Secure) window.',
    defaultMessage: 'Confirm the payment with your bank',
  },
  'payments.applePay.processing': {
    id: 'payments.applePay.processing',
    description: 'Payment error from Apple Pay while the payment was processed.',
    defaultMessage: 'Error processing Apple Pay payment',
  },
  'payments.applePay.initializing': {
    id: 'payments.applePay.initializing',
    description: 'Payment error when Apple Pay could not start.',
    defaultMessage: 'Error initializing Apple Pay',
  },
  'payments.applePay.tokenizing': {
    id: 'payments.applePay.tokenizing',
    description: 'Payment error when Apple Pay could not hand over the card.',
    defaultMessage: 'Error tokenizing Apple Pay payment',
  },
  'payments.wallet.canceled': {
    id: 'payments.wallet.canceled',
    description: 'Shown when the parent closed the PayPal, Venmo or Apple Pay window without paying.',
    defaultMessage: 'The payment was canceled.',
  },
  'payments.wallet.inProgress': {
    id: 'payments.wallet.inProgress',
    description: 'Payment error when a PayPal, Venmo or Apple Pay payment is already open.',
    defaultMessage: 'A payment is already in progress.',
  },
  'payments.wallet.notEnabled': {
    id: 'payments.wallet.notEnabled',
    description: 'Payment error when PayPal, Venmo or Apple Pay is not available on this site or device.',
    defaultMessage: 'This payment method is not available.',
  },
  'payments.wallet.popupBlocked': {
    id: 'payments.wallet.popupBlocked',
    description: 'Payment error when the browser blocked the PayPal or Venmo window.',
    defaultMessage: 'The payment window could not be opened. Allow pop-ups and try again.',
  },
  'payments.wallet.failed': {
    id: 'payments.wallet.failed',
    description: 'Payment error when a PayPal, Venmo or Apple Pay payment failed.',
    defaultMessage: 'The payment could not be completed. Please try again.',
  },
  'payments.frame.closed': {
    id: 'payments.frame.closed',
    description: 'Payment provider error: a payment window was closed before the card was handed over. Technical.',
    defaultMessage: 'Frame closed before tokenization could occur.',
  },
  'payments.dataCollector.failed': {
    id: 'payments.dataCollector.failed',
    description: 'Payment error when the payment provider’s fraud protection could not start.',
    defaultMessage: 'Fraud protection could not start. Please try again.',
  },
  'payments.venmo.title': {
    id: 'payments.venmo.title',
    description: 'Accessible name of the Venmo payment button.',
    defaultMessage: 'Pay with Venmo',
  },
} as const;

/** A react-intl message id of the payment catalogue (a key of {@link paymentMessages}, §8). */
export type PaymentMessageId = keyof typeof paymentMessages;

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

export interface CatalogueEntry {
  messageId: PaymentMessageId;
  retryable: boolean;
  type?: PaymentErrorType;
  field?: 'number' | 'expirationDate' | 'cvv' | 'postalCode' | 'cardholderName';
}

const e = (
  messageId: PaymentMessageId,
  retryable: boolean,
  extra: Omit<CatalogueEntry, 'messageId' | 'retryable'> = {},
): CatalogueEntry => ({
  messageId,
  retryable,
  ...extra,
});

/** Codes with their own message (spec §8 by section). */
const EXACT: Record<string, CatalogueEntry> = {
  // Client
  CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN: e('payments.error.configuration', false),
  CLIENT_OPTION_REQUIRED: e('payments.error.configuration', false),
  CLIENT_OPTION_INVALID: e('payments.error.configuration', false),
  CLIENT_MISSING_GATEWAY_CONFIGURATION: e('payments.error.configuration', false),
  CLIENT_INVALID_AUTHORIZATION: e('payments.error.authorizationInvalid', false),
  CLIENT_AUTHORIZATION_INVALID: e('payments.error.authorizationInvalid', false),
  CLIENT_GATEWAY_NETWORK: e('payments.error.gatewayUnavailable', true),
  CLIENT_REQUEST_TIMEOUT: e('payments.error.timeout', true),
  CLIENT_REQUEST_ERROR: e('payments.error.badRequest', false),
  CLIENT_GRAPHQL_REQUEST_ERROR: e('payments.error.badRequest', false),
  CLIENT_RATE_LIMITED: e('payments.error.rateLimited', true),
  CLIENT_AUTHORIZATION_INSUFFICIENT: e('payments.error.insufficientPrivileges', false),
  INCOMPATIBLE_VERSIONS: e('payments.error.configuration', false),
  CLIENT_SCRIPT_FAILED_TO_LOAD: e('payments.error.scriptFailedToLoad', true),
  INSTANTIATION_OPTION_REQUIRED: e('payments.error.configuration', false),
  INSTANTIATION_OPTION_INVALID: e('payments.error.configuration', false),
  INVALID_USE_OF_INTERNAL_FUNCTION: e('payments.error.configuration', false),
  METHOD_CALLED_AFTER_TEARDOWN: e('payments.error.afterTeardown', false),
  BRAINTREE_API_ACCESS_RESTRICTED: e('payments.error.insufficientPrivileges', false),
  FRAME_SERVICE_FRAME_CLOSED: e('payments.frame.closed', true),
  FRAME_SERVICE_FRAME_OPEN_FAILED: e('payments.wallet.popupBlocked', true),
  FRAME_SERVICE_FRAME_OPEN_FAILED_IE_BUG: e('payments.wallet.popupBlocked', true),
  // Hosted fields
  HOSTED_FIELDS_TIMEOUT: e('payments.hostedFields.timeout', true),
  HOSTED_FIELDS_INVALID_FIELD_KEY: e('payments.error.configuration', false),
  HOSTED_FIELDS_INVALID_FIELD_SELECTOR: e('payments.hostedFields.invalidSelector', false),
  HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME: e('payments.error.configuration', false),
  HOSTED_FIELDS_INVALID_SUPPORTED_CARD_BRAND: e('payments.error.configuration', false),
  HOSTED_FIELDS_FIELD_INVALID: e('payments.error.configuration', false),
  HOSTED_FIELDS_FIELD_NOT_PRESENT: e('payments.error.configuration', false),
  HOSTED_FIELDS_FIELD_PROPERTY_INVALID: e('payments.error.configuration', false),
  HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED: e('payments.error.configuration', false),
  HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED: e('payments.error.configuration', false),
  HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR: e('payments.hostedFields.tokenizationNetwork', true, { type: 'NETWORK' }),
  HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE: e('payments.hostedFields.duplicateCard', false, { type: 'CUSTOMER' }),
  HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED: e('payments.hostedFields.cvvFailed', true, {
    type: 'CUSTOMER',
    field: 'cvv',
  }),
  HOSTED_FIELDS_FAILED_TOKENIZATION: e('payments.hostedFields.tokenizationFailed', true, { type: 'CUSTOMER' }),
  HOSTED_FIELDS_FIELDS_EMPTY: e('payments.hostedFields.fieldsEmpty', true, { type: 'CUSTOMER' }),
  HOSTED_FIELDS_FIELDS_INVALID: e('payments.hostedFields.fieldsInvalid', true, { type: 'CUSTOMER' }),
  // 3D Secure
  THREEDS_NOT_ENABLED: e('payments.threeDSecure.notEnabled', false),
  THREEDS_CAN_NOT_USE_TOKENIZATION_KEY: e('payments.threeDSecure.tokenizationKey', false),
  THREEDS_HTTPS_REQUIRED: e('payments.threeDSecure.httpsRequired', false),
  THREEDS_NOT_ENABLED_FOR_V2: e('payments.threeDSecure.notEnabled', false),
  THREEDS_UNRECOGNIZED_VERSION: e('payments.error.configuration', false),
  THREEDS_UNSUPPORTED_VERSION: e('payments.error.configuration', false),
  THREEDS_AUTHENTICATION_IN_PROGRESS: e('payments.threeDSecure.inProgress', false, { type: 'MERCHANT' }),
  THREEDS_MISSING_VERIFY_CARD_OPTION: e('payments.error.configuration', false),
  THREEDS_JWT_AUTHENTICATION_FAILED: e('payments.threeDSecure.failed', true),
  THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR: e('payments.threeDSecure.lookupFailed', true),
  THREEDS_LOOKUP_VALIDATION_ERROR: e('payments.threeDSecure.lookupFailed', true, { type: 'CUSTOMER' }),
  THREEDS_LOOKUP_ERROR: e('payments.threeDSecure.lookupFailed', true),
  THREEDS_REQUESTED_EXEMPTION_TYPE_INVALID: e('payments.error.configuration', false),
  THREEDS_NO_VERIFICATION_PAYLOAD: e('payments.threeDSecure.failed', true),
  THREEDS_INLINE_IFRAME_DETAILS_INCORRECT: e('payments.error.configuration', false),
  THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT: e('payments.threeDSecure.canceled', true),
  THREEDS_CARDINAL_SDK_CANCELED: e('payments.threeDSecure.canceled', true, { type: 'CUSTOMER' }),
  THREEDS_CANCELED: e('payments.threeDSecure.canceled', true, { type: 'CUSTOMER' }),
  THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT: e('payments.threeDSecure.unavailable', true),
  THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT: e('payments.threeDSecure.unavailable', true),
  THREEDS_CARDINAL_SDK_BAD_CONFIG: e('payments.error.configuration', false),
  THREEDS_CARDINAL_SDK_BAD_JWT: e('payments.threeDSecure.failed', true),
  THREEDS_CARDINAL_SDK_ERROR: e('payments.threeDSecure.failed', true),
  THREEDS_CARDINAL_SDK_SETUP_FAILED: e('payments.threeDSecure.unavailable', true),
  THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED: e('payments.threeDSecure.unavailable', true),
  THREEDS_FAILED: e('payments.threeDSecure.failed', true, { type: 'CUSTOMER' }),
  // Apple Pay (§8 texts)
  APPLE_PAY_NOT_ENABLED: e('payments.applePay.initializing', false),
  APPLE_PAY_VALIDATION_URL_REQUIRED: e('payments.applePay.initializing', false),
  APPLE_PAY_MERCHANT_VALIDATION_FAILED: e('payments.applePay.initializing', false),
  APPLE_PAY_MERCHANT_VALIDATION_NETWORK: e('payments.applePay.processing', true),
  APPLE_PAY_PAYMENT_TOKEN_REQUIRED: e('payments.applePay.tokenizing', true),
  APPLE_PAY_TOKENIZATION: e('payments.applePay.tokenizing', true),
  // Data collector
  DATA_COLLECTOR_KOUNT_NOT_ENABLED: e('payments.dataCollector.failed', false),
  DATA_COLLECTOR_KOUNT_ERROR: e('payments.dataCollector.failed', true),
  DATA_COLLECTOR_REQUIRES_CREATE_OPTIONS: e('payments.dataCollector.failed', false),
  // Gateway results relayed by join-api (problem `code`) and the sandbox driver
  PROCESSOR_DECLINED: e('payments.error.declined', true, { type: 'CUSTOMER' }),
  GATEWAY_REJECTED: e('payments.error.gatewayRejected', true, { type: 'CUSTOMER' }),
  PAYMENT_DECLINED: e('payments.error.declined', true, { type: 'CUSTOMER' }),
};

/** Families of wallet and bank codes (§8 "Wallet and payment method errors"), matched on the code's ending. */
const RULES: Array<[RegExp, CatalogueEntry]> = [
  [
    /(_NOT_ENABLED|_NOT_SUPPORTED|(^|_)ECD_DISABLED)$|_(SANDBOX_ACCOUNT_NOT_LINKED|BROWSER_NOT_SUPPORTED|ECD_DISABLED|UNSUPPORTED_VERSION|NO_VALID_SUPPORTED_PAYMENT_METHODS|UNSUPPORTED_PAYMENT_METHOD|CAN_MAKE_PAYMENT_NOT_ALLOWED)$/,
    e('payments.wallet.notEnabled', false),
  ],
  [
    /_(CANCELED|CANCELLED|CLOSED|WINDOW_CLOSED|POPUP_CLOSED|APP_CANCELED|DESKTOP_CANCELED|CUSTOMER_CANCELED|NOT_COMPLETED)$/,
    e('payments.wallet.canceled', true, { type: 'CUSTOMER' }),
  ],
  [/_(IN_PROGRESS|ALREADY_IN_PROGRESS|REQUEST_ACTIVE)$/, e('payments.wallet.inProgress', false)],
  [/_(POPUP_OPEN_FAILED|WINDOW_OPEN_FAILED)$/, e('payments.wallet.popupBlocked', true)],
  [/NETWORK|TIMEOUT|EXPIRED/, e('payments.error.network', true, { type: 'NETWORK' })],
  [
    /(OPTION_REQUIRED|MISSING|PARAM_REQUIRED|_REQUIRED$|_INVALID|INVALID_|MISCONFIGURED|REQUIRES_|_MUTUALLY_EXCLUSIVE_|_AND_HOSTED_FIELDS_INSTANCES|_CONFLICT$|NOT_FOUND|INCOMPLETE|NOT_INITIALIZED|NOT_READY|MISMATCH|NOT_IMPLEMENTED|NO_SESSION_ID|MUST_INCLUDE)/,
    e('payments.error.configuration', false),
  ],
  [/(FAILED|ERROR|TOKENIZATION|FAILURE|_UNKNOWN_)/, e('payments.wallet.failed', true)],
];

/** The catalogue entry for a provider code, or undefined when it is not a known family. */
export function catalogueEntry(code: string): CatalogueEntry | undefined {
  const exact = EXACT[code];
  if (exact) return exact;
  return RULES.find(([pattern]) => pattern.test(code))?.[1];
}

/** Codes with an entry of their own (for documentation and tests). */
export const CATALOGUED_CODES: readonly string[] = Object.keys(EXACT);

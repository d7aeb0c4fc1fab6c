/** The §8 error catalogue by provider code: each code's message id, whether it may be retried, its type and field. */
import type { PaymentErrorType, PaymentMessageId } from './descriptors.js';

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

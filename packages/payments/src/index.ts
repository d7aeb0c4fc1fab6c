/**
 * `@ofw/payments`: the framework-free core — the payments client and its drivers, errors and their messages, the card
 * form's state, 3-D Secure and wallet helpers. No React: the hooks and the provider are `@ofw/payments/react`
 * (README "API"), the sandbox frames' protocol is `@ofw/payments/protocol`.
 */
export { createPaymentsClient, type PaymentsClient } from './core/client.js';
export type { PaymentsDriver } from './core/driver.js';
export { parseAuthorization, type Authorization } from './core/authorization.js';
export {
  PaymentsError,
  toPaymentError,
  teardownError,
  type PaymentError,
  type PaymentErrorType,
} from './core/errors.js';
export {
  paymentMessages,
  catalogueEntry,
  CATALOGUED_CODES,
  PAYMENT_ERROR_GROUPS,
  paymentErrorGroup,
  type PaymentErrorGroup,
  type PaymentMessageId,
} from './core/messages.js';
export {
  fieldReducer,
  initialCardFormState,
  initialFieldState,
  isCardFormValid,
  shouldShowError,
  type CardFormState,
  type FieldAction,
  type FieldState,
} from './core/field-state.js';
export { cardBrand, SUPPORTED_CARD_BRANDS, type CardBrandInfo } from './core/card-brands.js';
export { FRAME_NAME_PREFIX, SETUP_TIMEOUT_MS } from './core/hosted-fields-options.js';
export * from './core/types.js';
export {
  showChallengeFrame,
  DEFAULT_CHALLENGE_LABELS,
  CHALLENGE_FRAME_SIZE,
  CHALLENGE_MODAL_WIDTH,
  type ChallengeFrame,
} from './core/challenge-frame.js';
export { isThreeDSecureAccepted, checkVerifyCardOptions } from './core/three-d-secure.js';
export {
  applePayPaymentRequest,
  isApplePaySupported,
  runApplePaySession,
  APPLE_PAY_VERSION,
  type ApplePayAuthorization,
  type ApplePayInstance,
  type ApplePayPaymentRequest,
} from './core/apple-pay.js';
export { openPopup, POPUP_SIZES } from './core/popup.js';

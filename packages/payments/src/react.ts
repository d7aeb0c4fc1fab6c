/**
 * `@ofw/payments/react`: the React adapter over the core of `@ofw/payments` (README "API"): the provider that owns one
 * payments client, and the hooks of the card fields, 3-D Secure, device data and the wallets. React ≥ 19 is a peer.
 */
export { PaymentsProvider, usePayments, type PaymentsContextValue } from './react/context.js';
export { useHostedFields, type UseHostedFieldsOptions, type UseHostedFieldsResult } from './react/useHostedFields.js';
export { useThreeDSecure, type UseThreeDSecureResult } from './react/useThreeDSecure.js';
export { useDataCollector, type UseDataCollectorResult } from './react/useDataCollector.js';
export {
  usePaymentMethods,
  useApplePay,
  useVenmo,
  usePayPal,
  PayPalButton,
  type PaymentMethods,
  type UseApplePayResult,
  type PayPalButtonProps,
} from './react/wallets.js';

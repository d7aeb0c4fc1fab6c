/**
 * The §8 payment messages: react-intl descriptors with the en-US default texts. Where the spec gives a text (§8) it
 * is the default; other texts are the product's own wording. join-web keeps the translations (en-GB, es-US, es-MX)
 * of every id listed in `paymentMessages`.
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

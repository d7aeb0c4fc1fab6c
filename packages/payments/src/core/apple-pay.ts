import { PaymentsError, paymentErrorGroup, toPaymentError, type PaymentError } from './errors.js';

/** §9 "Apple Pay: session version 3, default currency USD, country US". */
export const APPLE_PAY_VERSION = 3;

/** §3 "Apple Pay payment request". */
export interface ApplePayPaymentRequest {
  total: { label: string; amount: string; type: 'final' };
  currencyCode: string;
  countryCode: string;
  requiredBillingContactFields: ['postalAddress'];
  merchantCapabilities: ['supports3DS'];
  supportedNetworks: Array<'visa' | 'masterCard' | 'amex' | 'discover'>;
}

/**
 * The §3 payment request: label = the product's display name, type 'final', currency USD and country US by default,
 * billing postal address, supports3DS, visa/masterCard/amex/discover (minus brands hidden for the currency, §5).
 * Shape of Apple Pay JS `ApplePayPaymentRequest`.
 * @returns the request; `total.amount` is `Number(amount).toFixed(2)`, a decimal string in major units (the amount
 *   is not validated: a non-numeric string gives `'NaN'`). Never throws.
 */
export function applePayPaymentRequest(input: {
  displayName: string;
  /** Major units. */
  amount: number | string;
  currencyCode?: string;
  countryCode?: string;
  networks?: { amex?: boolean; discover?: boolean };
}): ApplePayPaymentRequest {
  const networks: ApplePayPaymentRequest['supportedNetworks'] = ['visa', 'masterCard'];
  if (input.networks?.amex !== false) networks.push('amex');
  if (input.networks?.discover !== false) networks.push('discover');
  return {
    total: { label: input.displayName, amount: Number(input.amount).toFixed(2), type: 'final' },
    currencyCode: input.currencyCode ?? 'USD',
    countryCode: input.countryCode ?? 'US',
    requiredBillingContactFields: ['postalAddress'],
    merchantCapabilities: ['supports3DS'],
    supportedNetworks: networks,
  };
}

/** The slice of Safari's `ApplePaySession` the product uses. */
export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown; billingContact?: unknown } }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(status: number): void;
}

export interface ApplePaySessionConstructor {
  new (version: number, request: ApplePayPaymentRequest): ApplePaySessionLike;
  supportsVersion(version: number): boolean;
  canMakePayments(): boolean;
  STATUS_SUCCESS: number;
  STATUS_FAILURE: number;
}

/** `window.ApplePaySession`, when the browser has one. */
export function applePaySession(): ApplePaySessionConstructor | undefined {
  return typeof window === 'undefined'
    ? undefined
    : (window as unknown as { ApplePaySession?: ApplePaySessionConstructor }).ApplePaySession;
}

/**
 * §4 "Support is true only when the device can make payments and supports session version 3." (Apple Pay JS
 * `ApplePaySession.supportsVersion` and `canMakePayments`). `false` without `window.ApplePaySession`; never throws.
 */
export function isApplePaySupported(): boolean {
  const Session = applePaySession();
  if (!Session) return false;
  try {
    return Session.supportsVersion(APPLE_PAY_VERSION) && Session.canMakePayments();
  } catch {
    return false;
  }
}

/** braintree-web `ApplePay` instance surface (both drivers). */
export interface ApplePayInstance {
  performValidation(options: { validationURL: string; displayName: string }): Promise<unknown>;
  tokenize(options: { token: unknown }): Promise<{ nonce: string; type?: string; details?: unknown }>;
  teardown?(): Promise<void>;
}

/**
 * What the Apple Pay sheet hands over once the customer authorised the payment: the nonce to charge, and how to close
 * the sheet with the merchant's answer. The sheet keeps spinning until `complete` is called (Apple Pay JS
 * `ApplePaySession.completePayment`; braintree-web apple-pay: "Once the transaction is complete, call completePayment").
 */
export interface ApplePayAuthorization {
  /** The single-use Apple Pay nonce (braintree-web `tokenize` payload `nonce`). */
  nonce: string;
  /** braintree-web's tokenize payload `details` (e.g. `cardType`, `dpanLastTwo`), when the provider sent them. */
  details?: unknown;
  /**
   * Closes the sheet with the server's answer: `true` only when the order is paid (`STATUS_SUCCESS`: the sheet says
   * "Done"), `false` on a decline or any error (`STATUS_FAILURE`). Only the first call counts; a call after the
   * session ended (Apple cancels a sheet left open too long) is ignored. Never throws.
   */
  complete(paid: boolean): void;
}

/**
 * §4 "Session steps": begin, merchant validation, payment authorised (tokenize, then complete with success or
 * failure), cancel (resolves with nothing). Must be called inside a click handler. The sheet is completed with
 * failure when tokenization fails; after a successful tokenization the caller charges the nonce and completes the
 * sheet with the answer ({@link ApplePayAuthorization.complete}), so the sheet never says "Done" for a payment the
 * server then declines.
 * @returns the authorization (nonce + `complete`), or undefined when the customer cancelled.
 * @throws PaymentsError APPLE_PAY_NOT_ENABLED without ApplePaySession; provider errors of validation/tokenize;
 *   APPLE_PAY_TOKENIZATION ('Apple Pay nonce is empty or undefined', §5) for a payload without a nonce.
 */
export function runApplePaySession(
  instance: ApplePayInstance,
  request: ApplePayPaymentRequest,
): Promise<ApplePayAuthorization | undefined> {
  const Session = applePaySession();
  if (!Session)
    return Promise.reject(
      new PaymentsError('APPLE_PAY_NOT_ENABLED', 'MERCHANT', 'Apple Pay is not enabled for this merchant.'),
    );
  const session = new Session(APPLE_PAY_VERSION, request);
  /** Set once the sheet was completed or cancelled: completePayment may then no longer be called. */
  let ended = false;
  const completePayment = (paid: boolean) => {
    if (ended) return;
    ended = true;
    try {
      session.completePayment(paid ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE);
    } catch {
      // the session already ended (Safari throws InvalidAccessError): nothing left to close
    }
  };
  return new Promise<ApplePayAuthorization | undefined>((resolve, reject) => {
    session.onvalidatemerchant = (event) => {
      instance.performValidation({ validationURL: event.validationURL, displayName: request.total.label }).then(
        (merchantSession) => session.completeMerchantValidation(merchantSession),
        (error: unknown) => {
          ended = true;
          session.abort();
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the provider's error (BraintreeError-like) is passed on unchanged for toPaymentError
          reject(error);
        },
      );
    };
    session.onpaymentauthorized = (event) => {
      instance.tokenize({ token: event.payment.token }).then(
        (payload) => {
          if (!payload?.nonce) {
            completePayment(false);
            reject(new PaymentsError('APPLE_PAY_TOKENIZATION', 'CUSTOMER', 'Apple Pay nonce is empty or undefined'));
            return;
          }
          resolve({
            nonce: payload.nonce,
            ...(payload.details === undefined ? {} : { details: payload.details }),
            complete: completePayment,
          });
        },
        (error: unknown) => {
          completePayment(false);
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the provider's error (BraintreeError-like) is passed on unchanged for toPaymentError
          reject(error);
        },
      );
    };
    session.oncancel = () => {
      ended = true;
      resolve(undefined);
    };
    session.begin();
  });
}

/** §8 'Error initializing Apple Pay' (logged): the set-up's failure under the message id of the initialization. */
export function initializingError(error: unknown): PaymentError {
  console.error('Error initializing Apple Pay', error);
  return {
    ...toPaymentError(error),
    messageId: 'payments.applePay.initializing' as const,
    group: paymentErrorGroup('payments.applePay.initializing'),
  };
}

/** §8 'Error tokenizing Apple Pay payment' or 'Error processing Apple Pay payment' (logged): a failed session. */
export function sessionError(error: unknown): PaymentError {
  const mapped = toPaymentError(error);
  console.error(
    mapped.code === 'APPLE_PAY_TOKENIZATION'
      ? 'Error tokenizing Apple Pay payment'
      : 'Error processing Apple Pay payment',
    error,
  );
  return mapped;
}

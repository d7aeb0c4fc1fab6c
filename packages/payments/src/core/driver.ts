import type { ApplePayInstance } from './apple-pay.js';
import type {
  DataCollectorInstance,
  HostedFieldsCreateOptions,
  HostedFieldsInstance,
  PayPalButtonInstance,
  PayPalButtonOptions,
  PayPalOptions,
  PayPalResult,
  PaymentsConfig,
  ThreeDSecureResult,
  VenmoResult,
  VerifyCardOptions,
  WalletVaultOptions,
} from './types.js';

/**
 * What a payment driver offers (docs/PAYMENTS.md): `braintree` (braintree-web) and `sandbox` (apps/payments-sandbox)
 * implement it; screens only see `PaymentsClient`.
 */
export interface PaymentsDriver {
  readonly name: PaymentsConfig['driver'];
  /** braintree-web `hostedFields.create` semantics (§4 "Hosted card fields"). */
  createHostedFields(options: HostedFieldsCreateOptions): Promise<HostedFieldsInstance>;
  /**
   * 3D Secure 2 (§4 "3D Secure flow"): lookup, then a challenge in the product's frame when the bank asks for one.
   * Resolves with the §3 result (check `liabilityShifted` / `liabilityShiftPossible`, see `isThreeDSecureAccepted`).
   * A customer cancel (Escape, backdrop, close) rejects with `THREEDS_CARDINAL_SDK_CANCELED` (type CUSTOMER,
   * `details.lookupPaymentMethod`) — also with braintree-web, which itself resolves on a customer cancel.
   * @throws THREEDS_AUTHENTICATION_IN_PROGRESS while another verification runs (one at a time),
   *   THREEDS_MISSING_VERIFY_CARD_OPTION, THREEDS_LOOKUP_* (§8), THREEDS_CAN_NOT_USE_TOKENIZATION_KEY when the
   *   client was authorized with a tokenization key (3D Secure needs a client token).
   */
  verifyCard(options: VerifyCardOptions): Promise<ThreeDSecureResult>;
  /** §4.6: cancels the running verification; resolves with the looked-up payment method or rejects THREEDS_NO_VERIFICATION_PAYLOAD. */
  cancelVerifyCard(): Promise<ThreeDSecureResult>;
  /** braintree-web `applePay` instance (merchant validation, tokenize); rejects APPLE_PAY_NOT_ENABLED when unavailable. */
  createApplePay(): Promise<ApplePayInstance>;
  /**
   * Venmo (US/USD only; desktop QR/popup allowed). Call inside the click handler. One tokenization at a time
   * (VENMO_TOKENIZATION_REQUEST_ACTIVE); a cancel rejects with VENMO_CANCELED / VENMO_APP_CANCELED.
   * `vault`: the account is approved for later charges (braintree-web `paymentMethodUsage: 'multi_use'`), else
   * `single_use` ({@link WalletVaultOptions}).
   */
  tokenizeVenmo(options?: WalletVaultOptions): Promise<VenmoResult>;
  /**
   * Whether Venmo can run in this browser (braintree-web `venmo.isBrowserSupported()`, with `allowNewBrowserTab:
   * false` as braintree-web's Venmo docs ask of single-page apps: on mobile, only browsers that return from the Venmo
   * app to the same tab). The sandbox driver answers true (its popup runs anywhere).
   * `vault` as for {@link PaymentsDriver.tokenizeVenmo} (braintree-web creates one Venmo instance per usage).
   * @throws the provider's VENMO_* error when Venmo cannot be set up (e.g. VENMO_NOT_ENABLED).
   */
  isVenmoSupported(options?: WalletVaultOptions): Promise<boolean>;
  /**
   * A Venmo payment the customer approved in the Venmo app and returned from (the page reloaded with the result in
   * its URL): braintree-web `hasTokenizationResult()`, then `tokenize()`, which processes it without a new flow. Call
   * once when the payment step loads. Resolves undefined when there is none (always with the sandbox driver).
   * `vault` as for {@link PaymentsDriver.tokenizeVenmo}: the usage the page started the payment with.
   * @throws the provider's VENMO_* error when the returned result cannot be tokenized.
   */
  resumeVenmo(options?: WalletVaultOptions): Promise<VenmoResult | undefined>;
  /**
   * PayPal checkout from the product's own button (sandbox driver only); call inside the click handler so no popup
   * is blocked. One at a time (PAYPAL_TOKENIZATION_REQUEST_ACTIVE); a cancel rejects with PAYPAL_POPUP_CLOSED (type
   * CUSTOMER). `vault`: the Vault flow (a billing agreement for later charges). The braintree driver rejects with
   * PAYPAL_BUTTON_REQUIRED: PayPal's JS SDK only starts from its own
   * button, so use `renderPayPalButton` (works with both drivers).
   */
  tokenizePayPal(options: PayPalOptions): Promise<PayPalResult>;
  /**
   * Renders the PayPal checkout button into `options.container` (braintree: braintree-web `paypalCheckout` +
   * PayPal JS SDK Buttons; sandbox: a button opening the sandbox's PayPal popup). Approve, cancel and errors arrive
   * through the callbacks; one payment at a time. `options.vault`: braintree-web's Vault flow — the PayPal JS SDK
   * loaded with `vault: true`, the Buttons' `createBillingAgreement` calling `createPayment({ flow: 'vault',
   * billingAgreementDescription })` — so the approved account can be charged again (docs/RENEWAL.md).
   * @throws PAYPAL_NOT_ENABLED, PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED (braintree-web), CLIENT_SCRIPT_FAILED_TO_LOAD when
   *   the PayPal JS SDK did not load, PAYPAL_NOT_ENABLED when PayPal says the button is not eligible.
   */
  renderPayPalButton(options: PayPalButtonOptions): Promise<PayPalButtonInstance>;
  /**
   * Starts a data collector (braintree-web `dataCollector.create`): the fraud tools (PayPal FraudNet, Kount) collect
   * from its creation on (Braintree "Collect device data": create it when the payment page loads, read `deviceData`
   * when the customer pays). Each call creates a new one; tear it down when the page goes (`useDataCollector` owns it
   * for a component). The driver's `teardown` tears down the ones still alive.
   * @throws the provider's DATA_COLLECTOR_* errors (§8 "Data collector"), or a teardown error after `teardown`.
   */
  createDataCollector(): Promise<DataCollectorInstance>;
  /** Tears down everything the driver created. */
  teardown(): Promise<void>;
}

/** Random lowercase hex (e.g. the 32-hex-character Kount-style session id of §9). */
export function randomHex(length: number): string {
  const bytes = new Uint8Array(Math.ceil(length / 2));
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length);
}

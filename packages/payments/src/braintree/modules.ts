/**
 * Lazy loaders of the seven braintree-web modules the product uses. Each is a dynamic import, so nothing of
 * braintree-web is downloaded before the payment step mounts.
 *
 * Bundle note: braintree-web's package.json `browser` field maps every bare `braintree-web/<module>` to a standalone
 * bundle that repeats the shared code (7 modules ≈ 102 kB gz). This package imports each module's own entry point,
 * `braintree-web/<module>/index.js`, which the `browser` field does not remap, so a consumer's bundler shares the
 * common code between the modules (≈ 57 kB gz) with no alias of its own; see README "Bundling". Types: the ambient
 * modules in ./braintree-web-entries.d.ts (the surface used here is `BraintreeComponents`, below).
 */
import type { ApplePayInstance } from '../core/apple-pay.js';
import type { HostedFieldsInstance, PayPalResult, ThreeDSecureResult, VenmoResult } from '../core/types.js';

/** Every braintree-web component is torn down with a promise-returning `teardown()`. */
export interface BraintreeComponent {
  teardown(): Promise<void>;
}

/**
 * braintree-web `Client`, as far as this package uses it (promise style). `gatewayConfiguration` is the gateway's
 * own JSON (untyped in braintree-web too).
 */
export interface BraintreeClient extends BraintreeComponent {
  getConfiguration(): { gatewayConfiguration: Record<string, unknown> } & Record<string, unknown>;
  request(options: {
    api?: string;
    method: string;
    endpoint: string;
    data?: unknown;
    timeout?: number;
  }): Promise<unknown>;
}

/** The braintree-web `threeDSecure` events the driver listens to. */
export interface ThreeDSecureEvents {
  'authentication-iframe-available': (event: { element: HTMLIFrameElement }, next: () => void) => void;
  'customer-canceled': () => void;
}

/** braintree-web `ThreeDSecure` (version `2-inline-iframe`). */
export interface BraintreeThreeDSecure extends BraintreeComponent {
  on<E extends keyof ThreeDSecureEvents>(event: E, handler: ThreeDSecureEvents[E]): void;
  off<E extends keyof ThreeDSecureEvents>(event: E, handler: ThreeDSecureEvents[E]): void;
  verifyCard(options: Record<string, unknown>): Promise<ThreeDSecureResult>;
  cancelVerifyCard(): Promise<ThreeDSecureResult>;
}

/** braintree-web `Venmo`. */
export interface BraintreeVenmo extends BraintreeComponent {
  tokenize(): Promise<VenmoResult>;
  isBrowserSupported(): boolean;
  hasTokenizationResult(): boolean;
}

/** What the PayPal JS SDK passes to `onApprove` (one-time checkout). */
export interface PayPalApproveData {
  orderID?: string;
  payerID?: string;
  paymentID?: string;
  paymentToken?: string;
  billingToken?: string;
}

/** braintree-web `PayPalCheckout` (PayPal JS SDK v5 flow). */
export interface BraintreePayPalCheckout extends BraintreeComponent {
  /** Injects `https://www.paypal.com/sdk/js?client-id=…&components=…&intent=…&currency=…`; resolves once it loaded. */
  loadPayPalSDK(options: {
    currency?: string;
    intent?: string;
    components?: string;
    locale?: string;
    /** braintree-web: "Must be `true` when using `flow: vault` in createPayment" (the SDK's intent is then `tokenize`). */
    vault?: boolean;
  }): Promise<unknown>;
  /**
   * `flow: 'checkout'`: POST paypal_hermes/create_payment_resource, resolves with the EC token (the PayPal order id).
   * `flow: 'vault'`: POST paypal_hermes/setup_billing_agreement, resolves with the billing token.
   */
  createPayment(
    options:
      | {
          flow: 'checkout';
          amount: string;
          currency: string;
          intent: 'authorize';
          displayName?: string;
          locale?: string;
        }
      | { flow: 'vault'; billingAgreementDescription?: string; displayName?: string; locale?: string },
  ): Promise<string>;
  /** POST payment_methods/paypal_accounts; resolves with the §3 PayPal result. */
  tokenizePayment(data: PayPalApproveData): Promise<PayPalResult>;
}

/** The PayPal JS SDK's Buttons (v5), as far as the driver uses them (https://developer.paypal.com/sdk/js/reference/). */
export interface PayPalButtonsComponent {
  isEligible?(): boolean;
  render(container: HTMLElement | string): Promise<void>;
  close?(): Promise<void>;
}

export interface PayPalButtonsOptions {
  fundingSource?: string;
  style?: Record<string, unknown>;
  onClick?(data: unknown, actions: { resolve(): Promise<void>; reject(): Promise<void> }): Promise<void> | void;
  /** A one-time checkout (the SDK loaded without `vault`). */
  createOrder?(): Promise<string>;
  /** The Vault flow (the SDK loaded with `vault: true`): resolves with the billing token. */
  createBillingAgreement?(): Promise<string>;
  onApprove(data: PayPalApproveData): Promise<void>;
  onCancel?(data: unknown): void;
  onError?(error: unknown): void;
}

/** `window.paypal` once `loadPayPalSDK` resolved. */
export interface PayPalSdk {
  Buttons?(options: PayPalButtonsOptions): PayPalButtonsComponent;
  FUNDING?: { PAYPAL?: string };
}

/** braintree-web `DataCollector`. */
export interface BraintreeDataCollector extends BraintreeComponent {
  deviceData: string;
}

/** What each module's `create` resolves with. */
export interface BraintreeComponents {
  client: BraintreeClient;
  hostedFields: HostedFieldsInstance;
  threeDSecure: BraintreeThreeDSecure;
  applePay: ApplePayInstance & BraintreeComponent;
  venmo: BraintreeVenmo;
  paypalCheckout: BraintreePayPalCheckout;
  dataCollector: BraintreeDataCollector;
}

export interface BraintreeComponentModule<T> {
  create(options: Record<string, unknown>): Promise<T>;
  isSupported?: (options?: Record<string, unknown>) => boolean;
  VERSION?: string;
}

export type BraintreeModuleName = keyof BraintreeComponents;

const loaders: Record<BraintreeModuleName, () => Promise<unknown>> = {
  client: () => import('braintree-web/client/index.js'),
  hostedFields: () => import('braintree-web/hosted-fields/index.js'),
  threeDSecure: () => import('braintree-web/three-d-secure/index.js'),
  applePay: () => import('braintree-web/apple-pay/index.js'),
  venmo: () => import('braintree-web/venmo/index.js'),
  paypalCheckout: () => import('braintree-web/paypal-checkout/index.js'),
  dataCollector: () => import('braintree-web/data-collector/index.js'),
};

function hasCreate(value: unknown): value is { create: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { create?: unknown }).create === 'function';
}

/**
 * Loads one braintree-web module (CommonJS interop: `default` when present). braintree-web ships no types for its
 * per-module entry points, so the module is typed here by the surface this package uses (`BraintreeComponents`).
 */
export async function loadModule<N extends BraintreeModuleName>(
  name: N,
): Promise<BraintreeComponentModule<BraintreeComponents[N]>> {
  const mod: unknown = await loaders[name]();
  const defaultExport: unknown =
    typeof mod === 'object' && mod !== null ? (mod as { default?: unknown }).default : undefined;
  return (hasCreate(defaultExport) ? defaultExport : mod) as BraintreeComponentModule<BraintreeComponents[N]>;
}

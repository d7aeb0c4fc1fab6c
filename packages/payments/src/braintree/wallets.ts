import { decimalAmount } from '@ofw/domain';
import type { PaymentsDriver } from '../core/driver.js';
import { PaymentsError, teardownError } from '../core/errors.js';
import type { PayPalButtonInstance, PayPalButtonOptions, WalletVaultOptions } from '../core/types.js';
import type { BraintreeComponents, PayPalSdk } from './modules.js';
import { withTimeout, type BraintreeSession } from './session.js';

/** How long the PayPal JS SDK may take to load (§9 gives no PayPal load timeout; the request timeout is 60 s). */
const PAYPAL_SDK_TIMEOUT_MS = 60_000;

/** A PayPal amount: major units with 2 decimals. @throws PAYPAL_MISSING_REQUIRED_OPTION for a missing or negative amount. */
function payPalAmount(amount: number | string): string {
  const value = Number(amount);
  if (amount === '' || !Number.isFinite(value) || value < 0)
    throw new PaymentsError('PAYPAL_MISSING_REQUIRED_OPTION', 'MERCHANT', 'Missing required option.');
  return decimalAmount(value);
}

type Wallets = Pick<
  PaymentsDriver,
  'createApplePay' | 'tokenizeVenmo' | 'isVenmoSupported' | 'resumeVenmo' | 'tokenizePayPal' | 'renderPayPalButton'
>;

/** The PayPal JS SDK's load: one per currency for checkouts, one with `vault: true` for the Vault flow. */
function sdkLoadOptions(vault: boolean, currency: string) {
  return vault
    ? { key: 'vault', options: { components: 'buttons', vault: true } }
    : { key: currency, options: { components: 'buttons', intent: 'authorize', currency } };
}

/**
 * braintree-web `createPayment` for a click of PayPal's button: a one-time checkout of `amount`, or with `vault` the
 * Vault flow (braintree-web: `flow: 'vault'`, "the PayPal account will be added to that customer as a saved payment
 * method"; `billingAgreementDescription` is shown in the customer's PayPal profile).
 */
function createPayPalPayment(
  instance: BraintreeComponents['paypalCheckout'],
  o: { vault: boolean; amount: string; currency: string; displayName: string; description?: string | undefined },
): Promise<string> {
  return o.vault
    ? instance.createPayment({
        flow: 'vault',
        displayName: o.displayName,
        ...(o.description ? { billingAgreementDescription: o.description.slice(0, 255) } : {}),
      })
    : instance.createPayment({
        flow: 'checkout',
        amount: o.amount,
        currency: o.currency,
        intent: 'authorize',
        displayName: o.displayName,
      });
}

/**
 * braintree-web `venmo.create` options: US/USD, desktop QR code allowed, single use; `allowNewBrowserTab: false`
 * because join-web is a single-page app (braintree-web venmo/index.js: "This should be set to false if your payment
 * flow requires returning to the same tab, e.g. single page applications"), so `isBrowserSupported()` is true on
 * mobile only where the Venmo app returns to the same tab.
 */
export const VENMO_OPTIONS = {
  allowDesktop: true,
  mobileWebFallBack: true,
  paymentMethodUsage: 'single_use',
  allowNewBrowserTab: false,
} as const;

/**
 * {@link VENMO_OPTIONS} with `paymentMethodUsage: 'multi_use'`: the Venmo account can be vaulted and charged again
 * (braintree-web Venmo docs, `paymentMethodUsage`; docs/RENEWAL.md). A second braintree-web instance: the usage is a
 * `create` option.
 */
export const VENMO_VAULT_OPTIONS = { ...VENMO_OPTIONS, paymentMethodUsage: 'multi_use' } as const;

/**
 * The wallets over braintree-web (§4 "Other wallet flows", §5): Apple Pay (`applePay`), Venmo (`venmo`: US/USD,
 * desktop QR code allowed, single use — `multi_use` with `vault`) and PayPal (`paypalCheckout` with the PayPal JS SDK's
 * own button, loaded once per currency — once with `vault: true` for the Vault flow). One Venmo and one PayPal payment
 * at a time. `displayName` is shown by PayPal.
 */
export function braintreeWallets(session: BraintreeSession, { displayName }: { displayName: string }): Wallets {
  const inProgress = { venmo: false, paypal: false };
  /** PayPal JS SDK loads by currency (the SDK is loaded for one currency), and the Vault flow's (`vault`). */
  const payPalSdk = new Map<string, Promise<unknown>>();

  /** Loads the PayPal JS SDK for `currency` through braintree-web (bounded: it never rejects on a failed script). */
  const loadPayPalSdk = (instance: BraintreeComponents['paypalCheckout'], currency: string, vault: boolean) => {
    const { key, options } = sdkLoadOptions(vault, currency);
    let sdkLoad = payPalSdk.get(key);
    if (!sdkLoad) {
      sdkLoad = withTimeout(
        instance.loadPayPalSDK(options),
        PAYPAL_SDK_TIMEOUT_MS,
        () => new PaymentsError('CLIENT_SCRIPT_FAILED_TO_LOAD', 'NETWORK', 'PayPal JS SDK could not be loaded.'),
      ).catch((error: unknown) => {
        payPalSdk.delete(key);
        throw error;
      });
      payPalSdk.set(key, sdkLoad);
    }
    return sdkLoad;
  };

  return {
    createApplePay() {
      if (session.tornDown) return Promise.reject(teardownError('createApplePay'));
      return session.shared('applePay', {});
    },
    ...braintreeVenmo(session, inProgress),
    tokenizePayPal() {
      if (session.tornDown) return Promise.reject(teardownError('tokenizePayPal'));
      // the PayPal JS SDK opens PayPal's window only from its own button (no programmatic start in SDK v5)
      return Promise.reject(
        new PaymentsError(
          'PAYPAL_BUTTON_REQUIRED',
          'MERCHANT',
          'With the braintree driver, PayPal starts from its own button: use renderPayPalButton (or <PayPalButton>).',
        ),
      );
    },
    renderPayPalButton: (options: PayPalButtonOptions) =>
      renderPayPalButton(session, { displayName, inProgress, loadPayPalSdk }, options),
  };
}

/** One Venmo and one PayPal payment at a time (§4 "Other wallet flows"): the flags of the one running. */
interface InProgress {
  venmo: boolean;
  paypal: boolean;
}

/** Venmo over braintree-web's `venmo` (the methods of {@link braintreeWallets}). */
function braintreeVenmo(
  session: BraintreeSession,
  inProgress: InProgress,
): Pick<Wallets, 'tokenizeVenmo' | 'isVenmoSupported' | 'resumeVenmo'> {
  /** The Venmo instance of the usage asked for (`single_use`, or `multi_use` with `vault`). */
  const venmoOf = (options?: WalletVaultOptions) =>
    options?.vault ? session.shared('venmo', VENMO_VAULT_OPTIONS, 'multi_use') : session.shared('venmo', VENMO_OPTIONS);

  return {
    async tokenizeVenmo(options) {
      session.guard('tokenizeVenmo');
      if (inProgress.venmo)
        throw new PaymentsError(
          'VENMO_TOKENIZATION_REQUEST_ACTIVE',
          'MERCHANT',
          'Another tokenization request is active.',
        );
      inProgress.venmo = true;
      try {
        const venmo = await venmoOf(options);
        return await venmo.tokenize();
      } finally {
        inProgress.venmo = false;
      }
    },
    async isVenmoSupported(options) {
      session.guard('isVenmoSupported');
      const venmo = await venmoOf(options);
      return venmo.isBrowserSupported();
    },
    async resumeVenmo(options) {
      session.guard('resumeVenmo');
      const venmo = await venmoOf(options);
      // braintree-web: "If it returns true, call tokenize immediately to process the results"
      if (!venmo.hasTokenizationResult() || inProgress.venmo) return undefined;
      inProgress.venmo = true;
      try {
        return await venmo.tokenize();
      } finally {
        inProgress.venmo = false;
      }
    },
  };
}

/** What {@link renderPayPalButton} shares with the other wallets of the session. */
interface PayPalButtonContext {
  displayName: string;
  inProgress: InProgress;
  /** Loads the PayPal JS SDK for the currency (and the Vault flow) once per session. */
  loadPayPalSdk: (
    instance: BraintreeComponents['paypalCheckout'],
    currency: string,
    vault: boolean,
  ) => Promise<unknown>;
}

/**
 * PayPal's own button (PayPal JS SDK v5 through braintree-web `paypalCheckout`): the SDK loaded for the currency (and
 * the Vault flow), one payment at a time, braintree-web's own error handed to `onError`. Tracked by the session.
 */
async function renderPayPalButton(
  session: BraintreeSession,
  { displayName, inProgress, loadPayPalSdk }: PayPalButtonContext,
  options: PayPalButtonOptions,
): Promise<PayPalButtonInstance> {
  session.guard('renderPayPalButton');
  const amount = payPalAmount(options.amount);
  const currency = options.currency ?? 'USD'; // §9 PayPal SDK defaults
  const vault = options.vault === true;
  const instance = await session.shared('paypalCheckout', {});
  // braintree-web injects https://www.paypal.com/sdk/js (components=buttons, intent=authorize, currency) and
  // never rejects when the script fails to load: bound the wait
  await loadPayPalSdk(instance, currency, vault);
  session.guard('renderPayPalButton');
  const sdk = loadedPayPalSdk();
  // braintree-web's own error from createPayment / tokenizePayment (the SDK may hand onError a wrapped one)
  let providerError: unknown;
  let mine = false;
  const finish = () => {
    if (mine) inProgress.paypal = false;
    mine = false;
  };
  const buttons = sdk.Buttons({
    ...(sdk.FUNDING?.PAYPAL ? { fundingSource: sdk.FUNDING.PAYPAL } : {}),
    // PayPal's click handler: its window opens synchronously, then createOrder runs (no popup blocked)
    onClick: (_data, actions) => {
      if (inProgress.paypal) return actions.reject(); // one payment at a time (§4 "Other wallet flows")
      inProgress.paypal = true;
      mine = true;
      providerError = undefined;
      options.onStart?.();
      return actions.resolve();
    },
    // PayPal's window asks createOrder (checkout) or createBillingAgreement (the SDK loaded with vault: true)
    [vault ? 'createBillingAgreement' : 'createOrder']: () =>
      createPayPalPayment(instance, {
        vault,
        amount,
        currency,
        displayName,
        description: options.billingAgreementDescription,
      }).catch((error: unknown) => {
        providerError = error;
        throw error;
      }),
    onApprove: (data) =>
      instance.tokenizePayment(data).then(
        (result) => {
          finish();
          options.onApprove(result);
        },
        (error: unknown) => {
          finish();
          options.onError?.(error);
        },
      ),
    onCancel: () => {
      finish();
      options.onCancel?.();
    },
    onError: (error) => {
      finish();
      options.onError?.(providerError ?? error);
    },
  });
  if (buttons.isEligible && !buttons.isEligible())
    throw new PaymentsError('PAYPAL_NOT_ENABLED', 'MERCHANT', 'PayPal is not enabled for this merchant.');
  await buttons.render(options.container);
  return session.track({
    teardown: async () => {
      finish();
      await buttons.close?.().catch(() => undefined);
    },
  });
}

/**
 * The PayPal JS SDK braintree-web loaded (`window.paypal`), typed here by the surface used (@types/braintree-web's
 * global `paypal` is the older checkout.js one).
 * @throws PaymentsError CLIENT_SCRIPT_FAILED_TO_LOAD when it is not there (or has no `Buttons`).
 */
function loadedPayPalSdk(): PayPalSdk & { Buttons: NonNullable<PayPalSdk['Buttons']> } {
  const loaded: unknown = Reflect.get(window, 'paypal');
  const sdk = typeof loaded === 'object' && loaded !== null ? (loaded as PayPalSdk) : undefined;
  if (!sdk?.Buttons)
    throw new PaymentsError('CLIENT_SCRIPT_FAILED_TO_LOAD', 'NETWORK', 'PayPal JS SDK could not be loaded.');
  return sdk as PayPalSdk & { Buttons: NonNullable<PayPalSdk['Buttons']> };
}

import type { PaymentsDriver } from '../core/driver.js';
import { PaymentsError, teardownError } from '../core/errors.js';
import { FRAME_NAME_PREFIX, SETUP_TIMEOUT_MS, resolveFields } from '../core/hosted-fields-options.js';
import { showChallengeFrame, type ChallengeFrame } from '../core/challenge-frame.js';
import {
  checkVerifyCardOptions,
  customerCanceledError,
  formatAmount,
  inProgressError,
} from '../core/three-d-secure.js';
import type {
  HostedFieldsCreateOptions,
  PayPalButtonInstance,
  PayPalButtonOptions,
  PaymentsConfig,
  ThreeDSecureResult,
  VerifyCardOptions,
} from '../core/types.js';
import {
  loadModule,
  type BraintreeClient,
  type BraintreeComponent,
  type BraintreeComponents,
  type BraintreeModuleName,
  type PayPalSdk,
  type ThreeDSecureEvents,
} from './modules.js';

type BraintreeConfig = Extract<PaymentsConfig, { driver: 'braintree' }>;

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(onTimeout()), ms);
    }),
  ]);
}

/** How long `teardown()` waits for a component's own teardown before it resolves (the teardown goes on). */
const TEARDOWN_WAIT_MS = 1_000;

/** How long the PayPal JS SDK may take to load (§9 gives no PayPal load timeout; the request timeout is 60 s). */
const PAYPAL_SDK_TIMEOUT_MS = 60_000;

/** A PayPal amount: major units with 2 decimals. @throws PAYPAL_MISSING_REQUIRED_OPTION for a missing or negative amount. */
function payPalAmount(amount: number | string): string {
  const value = Number(amount);
  if (amount === '' || !Number.isFinite(value) || value < 0)
    throw new PaymentsError('PAYPAL_MISSING_REQUIRED_OPTION', 'MERCHANT', 'Missing required option.');
  return value.toFixed(2);
}

/**
 * The production driver over braintree-web (client, hostedFields, dataCollector, threeDSecure, applePay, venmo,
 * paypalCheckout). One braintree-web client per authorization; every component it creates is torn down with it.
 * @throws BraintreeError from `client.create` (e.g. CLIENT_AUTHORIZATION_INVALID, CLIENT_GATEWAY_NETWORK).
 */
export async function createBraintreeDriver(
  config: BraintreeConfig,
): Promise<PaymentsDriver & { braintreeClient: BraintreeClient }> {
  const clientModule = await loadModule('client');
  const client = await clientModule.create({ authorization: config.authorization });
  const components = new Set<BraintreeComponent>();
  let tornDown = false;
  let deviceData: Promise<string> | undefined;
  let threeDSecure: Promise<BraintreeComponents['threeDSecure']> | undefined;
  let applePay: Promise<BraintreeComponents['applePay']> | undefined;
  let venmo: Promise<BraintreeComponents['venmo']> | undefined;
  let paypal: Promise<BraintreeComponents['paypalCheckout']> | undefined;
  /** PayPal JS SDK loads by currency (the SDK is loaded for one currency). */
  const payPalSdk = new Map<string, Promise<unknown>>();
  const inProgress = { venmo: false, paypal: false };
  /** Creates a braintree-web component once (retried after a failure) and tracks it for teardown. */
  const lazy = <N extends Exclude<BraintreeModuleName, 'client' | 'hostedFields'>>(
    name: N,
    options: Record<string, unknown>,
  ) =>
    loadModule(name)
      .then((module) => module.create({ client, ...options }))
      .then((created) => track(created));
  let verifying = false;

  const track = <T extends BraintreeComponent>(component: T): T => {
    components.add(component);
    const teardown = component.teardown.bind(component);
    component.teardown = () => {
      components.delete(component);
      return teardown();
    };
    return component;
  };

  return {
    name: 'braintree',
    /** The braintree-web client (escape hatch for `client.request`; not part of `PaymentsClient`). */
    braintreeClient: client,
    async createHostedFields(options: HostedFieldsCreateOptions) {
      if (tornDown) throw teardownError('createHostedFields');
      // same option checks as braintree-web, before any frame is injected
      const resolved = resolveFields(options);
      const hostedFields = await loadModule('hostedFields');
      const fields: Record<string, unknown> = {};
      for (const { key, container, options: fieldOptions } of resolved) {
        const { container: _container, ...rest } = fieldOptions;
        fields[key] = { ...rest, container };
      }
      const creating = hostedFields.create({
        client,
        fields,
        ...(options.styles ? { styles: options.styles } : {}),
        ...(options.supportedCardBrands ? { supportedCardBrands: options.supportedCardBrands } : {}),
      });
      // braintree-web cannot cancel a set-up: on abort or timeout remove its frames at once (so a new set-up in the
      // same containers never hits HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME) and tear the instance down once it exists
      const abandon = () => {
        for (const { container } of resolved) {
          for (const frame of container.querySelectorAll(`iframe[name^="${FRAME_NAME_PREFIX}"]`)) frame.remove();
        }
        void creating.then((instance) => instance.teardown()).catch(() => undefined);
      };
      let onAbort: () => void = () => undefined;
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => {
          abandon();
          reject(new DOMException('Hosted Fields set-up was aborted.', 'AbortError'));
        };
        if (options.signal?.aborted) onAbort();
        else options.signal?.addEventListener('abort', onAbort, { once: true });
      });
      aborted.catch(() => undefined);
      const instance = await withTimeout(
        Promise.race([creating, aborted]),
        options.setupTimeoutMs ?? SETUP_TIMEOUT_MS,
        () => {
          abandon();
          return new PaymentsError(
            'HOSTED_FIELDS_TIMEOUT',
            'UNKNOWN',
            'Hosted Fields timed out when attempting to set up.',
          );
        },
      ).finally(() => options.signal?.removeEventListener('abort', onAbort));
      return track(instance);
    },
    async verifyCard(options: VerifyCardOptions): Promise<ThreeDSecureResult> {
      if (tornDown) throw teardownError('verifyCard');
      checkVerifyCardOptions(options);
      if (verifying) throw inProgressError();
      verifying = true;
      let frame: ChallengeFrame | undefined;
      let canceledByCustomer = false;
      let instance: BraintreeComponents['threeDSecure'] | undefined;
      const onIframe: ThreeDSecureEvents['authentication-iframe-available'] = (event, next) => {
        frame = showChallengeFrame(event.element, options.challenge, () => {
          canceledByCustomer = true;
          void instance?.cancelVerifyCard().catch(() => undefined);
        });
        next();
      };
      const onCustomerCanceled = () => {
        canceledByCustomer = true;
      };
      try {
        threeDSecure ??= lazy('threeDSecure', { version: '2-inline-iframe' }).catch((error: unknown) => {
          threeDSecure = undefined;
          throw error;
        });
        instance = await threeDSecure;
        instance.on('authentication-iframe-available', onIframe);
        instance.on('customer-canceled', onCustomerCanceled);
        const { challenge: _challenge, ...rest } = options;
        let result: ThreeDSecureResult;
        try {
          result = await instance.verifyCard({
            ...rest,
            amount: formatAmount(options.amount),
            onLookupComplete: (_data: unknown, next: () => void) => next(),
          });
        } catch (error) {
          if (canceledByCustomer) throw customerCanceledError((error as { details?: unknown })?.details);
          throw error;
        }
        // braintree-web resolves (with the lookup result) when the customer cancels the challenge: make it a cancel
        if (canceledByCustomer) throw customerCanceledError(result);
        return result;
      } finally {
        frame?.close();
        instance?.off('authentication-iframe-available', onIframe);
        instance?.off('customer-canceled', onCustomerCanceled);
        verifying = false;
      }
    },
    async cancelVerifyCard(): Promise<ThreeDSecureResult> {
      if (tornDown) throw teardownError('cancelVerifyCard');
      if (!threeDSecure)
        throw new PaymentsError('THREEDS_NO_VERIFICATION_PAYLOAD', 'MERCHANT', 'No verification payload available.');
      return (await threeDSecure).cancelVerifyCard();
    },
    createApplePay() {
      if (tornDown) return Promise.reject(teardownError('createApplePay'));
      applePay ??= lazy('applePay', {}).catch((error: unknown) => {
        applePay = undefined;
        throw error;
      });
      return applePay;
    },
    async tokenizeVenmo() {
      if (tornDown) throw teardownError('tokenizeVenmo');
      if (inProgress.venmo)
        throw new PaymentsError(
          'VENMO_TOKENIZATION_REQUEST_ACTIVE',
          'MERCHANT',
          'Another tokenization request is active.',
        );
      inProgress.venmo = true;
      try {
        // §issue 5: US/USD only, desktop QR code allowed, single use
        venmo ??= lazy('venmo', {
          allowDesktop: true,
          mobileWebFallBack: true,
          paymentMethodUsage: 'single_use',
        }).catch((error: unknown) => {
          venmo = undefined;
          throw error;
        });
        return await (await venmo).tokenize();
      } finally {
        inProgress.venmo = false;
      }
    },
    tokenizePayPal() {
      if (tornDown) return Promise.reject(teardownError('tokenizePayPal'));
      // the PayPal JS SDK opens PayPal's window only from its own button (no programmatic start in SDK v5)
      return Promise.reject(
        new PaymentsError(
          'PAYPAL_BUTTON_REQUIRED',
          'MERCHANT',
          'With the braintree driver, PayPal starts from its own button: use renderPayPalButton (or <PayPalButton>).',
        ),
      );
    },
    async renderPayPalButton(options: PayPalButtonOptions): Promise<PayPalButtonInstance> {
      if (tornDown) throw teardownError('renderPayPalButton');
      const amount = payPalAmount(options.amount);
      const currency = options.currency ?? 'USD'; // §9 PayPal SDK defaults
      paypal ??= lazy('paypalCheckout', {}).catch((error: unknown) => {
        paypal = undefined;
        throw error;
      });
      const instance = await paypal;
      // braintree-web injects https://www.paypal.com/sdk/js (components=buttons, intent=authorize, currency) and
      // never rejects when the script fails to load: bound the wait
      let sdkLoad = payPalSdk.get(currency);
      if (!sdkLoad) {
        sdkLoad = withTimeout(
          instance.loadPayPalSDK({ components: 'buttons', intent: 'authorize', currency }),
          PAYPAL_SDK_TIMEOUT_MS,
          () => new PaymentsError('CLIENT_SCRIPT_FAILED_TO_LOAD', 'NETWORK', 'PayPal JS SDK could not be loaded.'),
        ).catch((error: unknown) => {
          payPalSdk.delete(currency);
          throw error;
        });
        payPalSdk.set(currency, sdkLoad);
      }
      await sdkLoad;
      if (tornDown) throw teardownError('renderPayPalButton');
      // typed here by the surface used (@types/braintree-web's global `paypal` is the older checkout.js one)
      const loaded: unknown = Reflect.get(window, 'paypal');
      const sdk = typeof loaded === 'object' && loaded !== null ? (loaded as PayPalSdk) : undefined;
      if (!sdk?.Buttons)
        throw new PaymentsError('CLIENT_SCRIPT_FAILED_TO_LOAD', 'NETWORK', 'PayPal JS SDK could not be loaded.');
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
        createOrder: () =>
          instance
            .createPayment({ flow: 'checkout', amount, currency, intent: 'authorize', displayName: config.displayName })
            .catch((error: unknown) => {
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
      return track({
        teardown: async () => {
          finish();
          await buttons.close?.().catch(() => undefined);
        },
      });
    },
    collectDeviceData() {
      if (tornDown) return Promise.reject(teardownError('collectDeviceData'));
      deviceData ??= (async () => {
        const dataCollector = await loadModule('dataCollector');
        const instance = track(await dataCollector.create({ client }));
        return instance.deviceData;
      })().catch((error: unknown) => {
        deviceData = undefined;
        throw error;
      });
      return deviceData;
    },
    async teardown() {
      if (tornDown) return;
      tornDown = true;
      // each teardown starts at once (frames, scripts and listeners go synchronously); the wait is bounded because
      // paypalCheckout's teardown waits for its landing-frame service, which settles only when that frame loaded
      await Promise.allSettled(
        [...components].map((component) =>
          withTimeout(component.teardown(), TEARDOWN_WAIT_MS, () => new Error('teardown still running')),
        ),
      );
      components.clear();
      await client.teardown().catch(() => undefined);
    },
  };
}

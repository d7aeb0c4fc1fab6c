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
    async tokenizePayPal(options) {
      if (tornDown) throw teardownError('tokenizePayPal');
      if (inProgress.paypal)
        throw new PaymentsError(
          'PAYPAL_TOKENIZATION_REQUEST_ACTIVE',
          'MERCHANT',
          'Another tokenization request is active.',
        );
      inProgress.paypal = true;
      try {
        paypal ??= lazy('paypalCheckout', {}).catch((error: unknown) => {
          paypal = undefined;
          throw error;
        });
        const instance = await paypal;
        // braintree-web paypalCheckout: the approval runs in PayPal's own window opened by the PayPal JS SDK;
        // createPayment + loadPayPalSDK here, approval through `instance.tokenizePayment` once PayPal returns.
        await instance.loadPayPalSDK({ currency: options.currency ?? 'USD', intent: 'authorize' });
        // the PayPal JS SDK's global (loaded by loadPayPalSDK); only its presence is checked here
        const paypalSdk = (window as Window & { paypal?: { Buttons?: unknown } }).paypal;
        if (!paypalSdk?.Buttons)
          throw new PaymentsError('PAYPAL_FLOW_FAILED', 'NETWORK', 'Could not load the PayPal SDK.');
        throw new PaymentsError(
          'PAYPAL_FLOW_FAILED',
          'MERCHANT',
          'With the braintree driver, PayPal needs the PayPal Buttons flow (not wired in this version).',
        );
      } finally {
        inProgress.paypal = false;
      }
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
      await Promise.allSettled([...components].map((component) => component.teardown()));
      components.clear();
      await client.teardown().catch(() => undefined);
    },
  };
}

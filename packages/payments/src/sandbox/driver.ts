import { trackTeardown, type Teardownable } from '../core/teardown.js';
import type { ApplePayInstance } from '../core/apple-pay.js';
import { randomHex, type PaymentsDriver } from '../core/driver.js';
import { PaymentsError, teardownError } from '../core/errors.js';
import type { HostedFieldsCreateOptions, PaymentsConfig } from '../core/types.js';
import { createSandboxHostedFields } from './hosted-fields.js';
import { createSandboxThreeDSecure } from './three-d-secure.js';
import { createSandboxWallets } from './wallets.js';

type SandboxConfig = Extract<PaymentsConfig, { driver: 'sandbox' }>;
type ApplePayTokenizePayload = Awaited<ReturnType<ApplePayInstance['tokenize']>>;

/** The sandbox's `{ error: { message } }` text, when the answer has one. */
function errorMessage(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const error: unknown = (payload as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const message: unknown = (error as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}

/** The offline driver: talks to apps/payments-sandbox only (docs/PAYMENTS.md). */
export function createSandboxDriver(config: SandboxConfig): PaymentsDriver {
  const instances = new Set<Teardownable>();
  const buttons = new Set<{ teardown(): Promise<void> }>();
  let tornDown = false;
  const context = { sandboxUrl: config.sandboxUrl, authorization: config.authorization, locale: config.locale };

  const threeDSecure = createSandboxThreeDSecure(context);
  const wallets = createSandboxWallets(config.sandboxUrl);
  const origin = new URL(config.sandboxUrl).origin;
  const postJson = jsonPoster(origin);

  return {
    name: 'sandbox',
    async verifyCard(options) {
      if (tornDown) throw teardownError('verifyCard');
      return threeDSecure.verifyCard(options);
    },
    async cancelVerifyCard() {
      if (tornDown) throw teardownError('cancelVerifyCard');
      return threeDSecure.cancelVerifyCard();
    },
    async createHostedFields(options: HostedFieldsCreateOptions) {
      if (tornDown) throw teardownError('createHostedFields');
      const instance = await createSandboxHostedFields(context, options);
      return trackTeardown(instances, instance);
    },
    createApplePay() {
      if (tornDown) return Promise.reject(teardownError('createApplePay'));
      return Promise.resolve(sandboxApplePay(postJson, config.authorization));
    },
    tokenizeVenmo(options) {
      if (tornDown) return Promise.reject(teardownError('tokenizeVenmo'));
      return wallets.tokenizeVenmo(options);
    },
    /** The sandbox's Venmo popup runs in any browser. */
    isVenmoSupported() {
      if (tornDown) return Promise.reject(teardownError('isVenmoSupported'));
      return Promise.resolve(true);
    },
    /** The sandbox never leaves the page for an app: there is no returning result. */
    resumeVenmo() {
      if (tornDown) return Promise.reject(teardownError('resumeVenmo'));
      return Promise.resolve(undefined);
    },
    tokenizePayPal(options) {
      if (tornDown) return Promise.reject(teardownError('tokenizePayPal'));
      return wallets.tokenizePayPal(options);
    },
    renderPayPalButton(options) {
      if (tornDown) return Promise.reject(teardownError('renderPayPalButton'));
      const button = wallets.renderPayPalButton(options);
      buttons.add(button);
      return Promise.resolve({
        teardown: () => {
          buttons.delete(button);
          return button.teardown();
        },
      });
    },
    createDataCollector() {
      if (tornDown) return Promise.reject(teardownError('createDataCollector'));
      // braintree-web's deviceData shape: a JSON string with the FraudNet correlation id (32 hex, §9)
      const collector = trackTeardown(instances, {
        deviceData: JSON.stringify({ correlation_id: randomHex(32) }),
        teardown: () => Promise.resolve(),
      });
      return Promise.resolve(collector);
    },
    async teardown() {
      if (tornDown) return;
      tornDown = true;
      threeDSecure.teardown();
      await Promise.allSettled([...instances, ...buttons].map((instance) => instance.teardown()));
      instances.clear();
      buttons.clear();
    },
  };
}

/** What the driver POSTs JSON to the sandbox with. */
type PostJson = <T>(path: string, body: unknown) => Promise<T>;

/** POSTs JSON to the sandbox at `origin`; rejects with the sandbox's `error.message` (and `status`) when not OK. */
function jsonPoster(origin: string): PostJson {
  return async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const payload: unknown = await response.json().catch(() => ({}));
    if (!response.ok)
      throw Object.assign(new Error(errorMessage(payload) ?? response.statusText), { status: response.status });
    return payload as T;
  };
}

/**
 * Apple Pay over the sandbox, which stands in for Apple's merchant validation and Braintree's apple_payment_tokens
 * (§7); failures as braintree-web's (APPLE_PAY_MERCHANT_VALIDATION_FAILED, APPLE_PAY_TOKENIZATION).
 */
function sandboxApplePay(postJson: PostJson, authorization: string): ApplePayInstance {
  return {
    performValidation: ({ validationURL, displayName }) =>
      postJson('/v1/browser/apple-pay/sessions', {
        authorization,
        validationURL,
        displayName,
        domainName: window.location.hostname,
      }).catch((error: unknown) => {
        throw new PaymentsError(
          'APPLE_PAY_MERCHANT_VALIDATION_FAILED',
          'MERCHANT',
          'Make sure you have registered your domain name in the Braintree Control Panel.',
          { originalError: error },
        );
      }),
    tokenize: ({ token }) =>
      postJson<ApplePayTokenizePayload>('/v1/browser/apple-pay/tokenize', {
        authorization,
        token,
      }).catch((error: unknown) => {
        throw new PaymentsError(
          'APPLE_PAY_TOKENIZATION',
          'NETWORK',
          'A network error occurred when processing the Apple Pay payment.',
          { originalError: error },
        );
      }),
  };
}

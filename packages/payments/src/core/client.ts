import { parseAuthorization } from './authorization.js';
import type { PaymentsDriver } from './driver.js';
import { PaymentsError } from './errors.js';
import type { PaymentsConfig } from './types.js';

/** A payments client for one authorization: the driver picked by `config.driver`, plus the config itself. */
export interface PaymentsClient extends PaymentsDriver {
  readonly config: PaymentsConfig;
}

/**
 * Creates the client for a payments config (`GET /api/v1/payments/config`, docs/CONTRACTS.md). The authorization is
 * validated first (§5 "Card client"); the driver's code is loaded lazily (dynamic import), so braintree-web is only
 * downloaded when the braintree driver is used.
 * @throws PaymentsError `CLIENT_OPTION_REQUIRED` / `CLIENT_INVALID_AUTHORIZATION` for a bad authorization,
 *   `CLIENT_OPTION_INVALID` for an unknown driver or a sandbox config without `sandboxUrl`; with the braintree
 *   driver, the BraintreeError of braintree-web `client.create` (e.g. CLIENT_AUTHORIZATION_INVALID,
 *   CLIENT_GATEWAY_NETWORK) or a failed dynamic import of the driver's code. All arrive as a rejected promise.
 */
export async function createPaymentsClient(config: PaymentsConfig): Promise<PaymentsClient> {
  parseAuthorization(config?.authorization);
  let driver: PaymentsDriver;
  if (config.driver === 'sandbox') {
    if (typeof config.sandboxUrl !== 'string' || !/^https?:\/\//.test(config.sandboxUrl)) {
      throw new PaymentsError(
        'CLIENT_OPTION_INVALID',
        'MERCHANT',
        'The sandbox driver needs sandboxUrl (e.g. http://localhost:3010).',
      );
    }
    const { createSandboxDriver } = await import('../sandbox/driver.js');
    driver = createSandboxDriver(config);
  } else if (config.driver === 'braintree') {
    const { createBraintreeDriver } = await import('../braintree/driver.js');
    driver = await createBraintreeDriver(config);
  } else {
    throw new PaymentsError(
      'CLIENT_OPTION_INVALID',
      'MERCHANT',
      `Unknown payments driver "${String((config as { driver?: unknown }).driver)}".`,
    );
  }
  return Object.assign(Object.create(null), {
    config,
    name: driver.name,
    createHostedFields: driver.createHostedFields.bind(driver),
    createDataCollector: driver.createDataCollector.bind(driver),
    verifyCard: driver.verifyCard.bind(driver),
    cancelVerifyCard: driver.cancelVerifyCard.bind(driver),
    createApplePay: driver.createApplePay.bind(driver),
    tokenizeVenmo: driver.tokenizeVenmo.bind(driver),
    isVenmoSupported: driver.isVenmoSupported.bind(driver),
    resumeVenmo: driver.resumeVenmo.bind(driver),
    tokenizePayPal: driver.tokenizePayPal.bind(driver),
    renderPayPalButton: driver.renderPayPalButton.bind(driver),
    teardown: driver.teardown.bind(driver),
  }) as PaymentsClient;
}

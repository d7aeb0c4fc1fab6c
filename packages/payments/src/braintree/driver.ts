import type { PaymentsDriver } from '../core/driver.js';
import { teardownError } from '../core/errors.js';
import type { HostedFieldsCreateOptions, PaymentsConfig } from '../core/types.js';
import { createBraintreeHostedFields } from './hosted-fields.js';
import { loadModule, type BraintreeClient } from './modules.js';
import { createBraintreeSession } from './session.js';
import { braintreeThreeDSecure } from './three-d-secure.js';
import { braintreeWallets } from './wallets.js';

type BraintreeConfig = Extract<PaymentsConfig, { driver: 'braintree' }>;

/**
 * The production driver over braintree-web, one capability a module: hosted fields (`hosted-fields.ts`), 3D Secure
 * (`three-d-secure.ts`), wallets — Apple Pay, Venmo, PayPal (`wallets.ts`) — and device data (dataCollector, here).
 * One braintree-web client per authorization (`session.ts`); every component it creates is torn down with it.
 * @throws BraintreeError from `client.create` (e.g. CLIENT_AUTHORIZATION_INVALID, CLIENT_GATEWAY_NETWORK).
 */
export async function createBraintreeDriver(
  config: BraintreeConfig,
): Promise<PaymentsDriver & { braintreeClient: BraintreeClient }> {
  const session = await createBraintreeSession(config.authorization);
  return {
    name: 'braintree',
    /** The braintree-web client (escape hatch for `client.request`; not part of `PaymentsClient`). */
    braintreeClient: session.client,
    createHostedFields: (options: HostedFieldsCreateOptions) => createBraintreeHostedFields(session, options),
    ...braintreeThreeDSecure(session),
    ...braintreeWallets(session, { displayName: config.displayName }),
    async createDataCollector() {
      session.guard('createDataCollector');
      const dataCollector = await loadModule('dataCollector');
      const instance = await dataCollector.create({ client: session.client });
      // torn down while being created: the collector goes at once
      if (session.tornDown) {
        await instance.teardown().catch(() => undefined);
        throw teardownError('createDataCollector');
      }
      return session.track(instance);
    },
    teardown: () => session.teardown(),
  };
}

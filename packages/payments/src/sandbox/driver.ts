import { randomHex, type PaymentsDriver } from '../core/driver.js';
import { teardownError } from '../core/errors.js';
import type { HostedFieldsCreateOptions, HostedFieldsInstance, PaymentsConfig } from '../core/types.js';
import { createSandboxHostedFields } from './hosted-fields.js';
import { createSandboxThreeDSecure } from './three-d-secure.js';

type SandboxConfig = Extract<PaymentsConfig, { driver: 'sandbox' }>;

/** The offline driver: talks to apps/payments-sandbox only (DESIGN.md §5). */
export function createSandboxDriver(config: SandboxConfig): PaymentsDriver {
  const instances = new Set<HostedFieldsInstance>();
  let tornDown = false;
  const context = { sandboxUrl: config.sandboxUrl, authorization: config.authorization, locale: config.locale };

  const threeDSecure = createSandboxThreeDSecure(context);

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
      instances.add(instance);
      const teardown = instance.teardown.bind(instance);
      instance.teardown = () => {
        instances.delete(instance);
        return teardown();
      };
      return instance;
    },
    async collectDeviceData() {
      if (tornDown) throw teardownError('collectDeviceData');
      return JSON.stringify({ correlation_id: randomHex(32) });
    },
    async teardown() {
      if (tornDown) return;
      tornDown = true;
      threeDSecure.teardown();
      await Promise.allSettled([...instances].map((instance) => instance.teardown()));
      instances.clear();
    },
  };
}

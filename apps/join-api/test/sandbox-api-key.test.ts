import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from 'payments-sandbox';
import { loadEnv } from '../src/env.js';
import { createGateway } from '../src/gateway/index.js';
import { createSandboxGateway } from '../src/gateway/sandbox.js';

const ADDRESS = {
  streetAddress: '1 Main St',
  locality: 'Minneapolis',
  region: 'MN',
  postalCode: '55401',
  countryCodeAlpha2: 'US',
};

/** A $216.00 sale of Braintree's always-valid 3DS-authenticated test nonce for `orderId`. */
const sale = (orderId: string, email: string) => ({
  paymentMethodNonce: 'fake-three-d-secure-visa-full-authentication-nonce',
  amount: '216.00',
  currencyCode: 'USD',
  orderId,
  customer: { email, firstName: 'K', lastName: 'Y' },
  billingAddress: ADDRESS,
});

/** The sandbox's server API needs SANDBOX_API_KEY, and join-api's `sandbox` driver sends it. */
describe('sandbox gateway ↔ a keyed apps/payments-sandbox', () => {
  const API_KEY = 'join-api-test-sandbox-key-01';
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1', apiKey: API_KEY });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('with SANDBOX_API_KEY in its env, the sandbox driver gets a client token and charges', async () => {
    const gateway = await createGateway(
      loadEnv({ PAYMENTS_DRIVER: 'sandbox', SANDBOX_URL: sandbox.url, SANDBOX_API_KEY: API_KEY }),
    );
    expect(await gateway.clientAuthorization()).toMatch(/\S/);
    const charged = await gateway.charge(sale('issue-12-key-1', 'key@example.com'));
    expect(charged.outcome).toBe('approved');
    expect(sandbox.store.transactionsFor('issue-12-key-1')).toHaveLength(1);
  });

  it('without the key the sandbox refuses the driver and charges nothing', async () => {
    const gateway = createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: 2000 });
    const charged = await gateway.charge(sale('issue-12-key-2', 'nokey@example.com'));
    expect(charged.outcome).not.toBe('approved');
    expect(sandbox.store.transactionsFor('issue-12-key-2')).toHaveLength(0);
  });
});

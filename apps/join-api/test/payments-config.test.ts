import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from 'payments-sandbox';
import { GatewayUnavailableError, type PaymentGateway } from '../src/gateway/types.js';
import { signup, startFakeSandbox, testApp, type TestApp } from './helpers.js';
import { TEST_CARDS } from '@ofw/test-kit/fixtures';

const PARENT_ORIGIN = 'http://localhost:3000';

/** `GET /api/v1/payments/config` hands the browser a client token (docs/CONTRACTS.md "Payments config"). */
describe('payments config with a client token the sandbox accepts for 3D Secure', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1', allowedOrigins: [PARENT_ORIGIN] });
    t = await testApp({ sandboxUrl: sandbox.url });
    token = (await signup(t)).authToken;
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const config = async () => {
    const res = await t.call('payments/config', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return (await res.json()) as { driver: string; authorization: string; sandboxUrl: string };
  };

  it('§5 the sandbox driver gets a fresh base64 JSON client token per request, with sandboxUrl and flags', async () => {
    const first = await config();
    expect(first).toMatchObject({ driver: 'sandbox', sandboxUrl: sandbox.url, displayName: 'OurFamilyWizard' });
    expect(first).toHaveProperty('flags');
    const decoded = JSON.parse(Buffer.from(first.authorization, 'base64').toString('utf8')) as Record<string, unknown>;
    expect(decoded).toMatchObject({ version: 2, environment: 'sandbox', authorizationFingerprint: expect.any(String) });
    expect((await config()).authorization).not.toBe(first.authorization);
  });

  it('§5 the sandbox tokenizes with the client token and runs a 3DS lookup with it (a tokenization key gets 403)', async () => {
    const { authorization } = await config();
    const post = (path: string, body: unknown) =>
      fetch(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PARENT_ORIGIN },
        body: JSON.stringify(body),
      });
    const tokenize = async () => {
      const res = await post('/v1/tokenize', {
        authorization,
        creditCard: { number: TEST_CARDS.visa3dsFrictionless.number, expirationDate: '12/30', cvv: '123' },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { creditCards: [{ nonce: string }] }).creditCards[0].nonce;
    };
    const lookup = async (auth: string) =>
      post('/v1/browser/three_d_secure/lookup', { authorization: auth, nonce: await tokenize(), amount: '216.00' });
    const ok = await lookup(authorization);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { paymentMethod: { liabilityShifted: boolean } }).paymentMethod.liabilityShifted).toBe(
      true,
    );
    expect((await lookup('sandbox_0123456789abcdef_ofw_sandbox')).status).toBe(403);
  });
});

describe('payments config when the gateway cannot issue a client token', () => {
  const expect503 = async (t: TestApp, authToken?: string) => {
    authToken ??= (await signup(t)).authToken;
    const res = await t.call('payments/config', { token: authToken });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({ status: 503, code: 'payment_gateway_unavailable' });
    // the warning names the request it answered (x-request-id), as every request log line does
    const warning = t.logs.lines.findLast((l) => l.msg === 'payment gateway gave no client token');
    expect(warning?.reqId).toEqual(expect.any(String));
  };

  it('a sandbox that cannot be reached gives a 503 problem, not a 500', async () => {
    const t = await testApp({ sandboxUrl: 'http://127.0.0.1:9' });
    try {
      await expect503(t);
    } finally {
      await t.close();
    }
  });

  it('a sandbox answering 503 gives a 503 problem', async () => {
    const fake = await startFakeSandbox();
    fake.state.mode = 'down';
    const t = await testApp({ sandboxUrl: fake.url });
    try {
      const { authToken } = await signup(t);
      await expect503(t, authToken);
      fake.state.mode = 'ok';
      expect((await t.call('payments/config', { token: authToken })).status).toBe(200);
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('Braintree clientToken.generate failing gives a 503 problem', async () => {
    const gateway: PaymentGateway = {
      name: 'braintree',
      maxChargeMs: 1000,
      charge: () => Promise.reject(new Error('unused')),
      findByOrderId: () => Promise.resolve([]),
      reverse: () => Promise.reject(new Error('unused')),
      clientAuthorization: () => Promise.reject(new GatewayUnavailableError('braintree: timeout')),
      saleMoney: () => Promise.reject(new Error('unused')),
      changedSales: () => Promise.reject(new Error('unused')),
      deleteCustomer: () => Promise.reject(new Error('unused')),
      chargeVaulted: () => Promise.reject(new Error('unused')),
      savePaymentMethod: () => Promise.reject(new Error('unused')),
    };
    const t = await testApp({ gateway });
    try {
      await expect503(t);
    } finally {
      await t.close();
    }
  });
});

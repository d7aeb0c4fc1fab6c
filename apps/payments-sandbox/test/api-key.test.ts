import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../src/app.js';
import { readEnv, requireServerApiKey } from '../src/env.js';
import { SandboxStore } from '../src/store.js';
import { KEY, PARENT } from './helpers.js';

const API_KEY = 'test-sandbox-api-key-0123456789';

function appWithKey() {
  const store = new SandboxStore();
  const app = createSandboxApp({ allowedOrigins: [PARENT], store, frameScript: '/* frame */', apiKey: API_KEY });
  const call = (path: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
    app.request(path, {
      method: init.method ?? 'POST',
      headers: {
        'content-type': 'application/json',
        ...(init.key !== undefined ? { authorization: `Bearer ${init.key}` } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  return { store, call };
}

const SALE = {
  paymentMethodNonce: 'fake-three-d-secure-visa-full-authentication-nonce',
  amount: '216.00',
  currencyCode: 'USD',
  orderId: 'order-key-1',
};

describe('the sandbox server API needs SANDBOX_API_KEY', () => {
  it.each([
    ['POST', '/v1/client_token', {}],
    ['POST', '/v1/transactions', SALE],
    ['GET', '/v1/transactions?orderId=order-key-1', undefined],
    ['POST', '/v1/transactions/abc/void', undefined],
  ] as const)('%s %s without the key or with a wrong one is 401 problem+json', async (method, path, body) => {
    const { call, store } = appWithKey();
    for (const key of [undefined, 'wrong-key-wrong-key-wrong', `${API_KEY}x`, '']) {
      const res = await call(path, { method, body, ...(key !== undefined ? { key } : {}) });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(await res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
    }
    expect(store.transactionsFor('order-key-1')).toHaveLength(0);
  });

  it('with the key the server API charges, finds and voids as before', async () => {
    const { call, store } = appWithKey();
    expect((await call('/v1/client_token', { body: {}, key: API_KEY })).status).toBe(200);
    const sale = await call('/v1/transactions', { body: SALE, key: API_KEY });
    expect(sale.status).toBe(200);
    const { transaction } = (await sale.json()) as { transaction: { id: string } };
    expect(store.transactionsFor('order-key-1')).toHaveLength(1);
    const found = await call('/v1/transactions?orderId=order-key-1', { method: 'GET', key: API_KEY });
    expect(found.status).toBe(200);
    expect((await call(`/v1/transactions/${transaction.id}/void`, { key: API_KEY })).status).toBe(200);
  });

  it('the browser-facing tokenization needs no server key (the frames never hold it)', async () => {
    const { call } = appWithKey();
    const res = await call('/v1/tokenize', {
      body: { authorization: KEY, creditCard: { number: '4111111111111111', expirationDate: '12/30', cvv: '123' } },
    });
    expect(res.status).toBe(201);
  });

  it('the served sandbox does not start without SANDBOX_API_KEY, and refuses a short one', () => {
    expect(() => requireServerApiKey(readEnv({}))).toThrow(/SANDBOX_API_KEY is required/);
    expect(() => readEnv({ SANDBOX_API_KEY: 'short' })).toThrow(/SANDBOX_API_KEY/);
    expect(requireServerApiKey(readEnv({ SANDBOX_API_KEY: API_KEY }))).toBe(API_KEY);
  });
});

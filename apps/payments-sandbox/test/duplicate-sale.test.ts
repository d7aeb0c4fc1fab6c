import braintree from 'braintree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../src/server.js';
import { THREE_DS_NONCE } from './helpers.js';

/*
 * Fault control's `duplicateSale` (faults.ts; docs/CONTRACTS.md "Sandbox server API"): the next matching sale is
 * answered once but recorded twice — the double charge the e2e money check (e2e support/join.ts `expectCharges`) must
 * catch. The listing the check reads, `GET /sandbox/transactions`, must show both sales for either API.
 */

interface Listed {
  id: string;
  type: string;
  status: string;
  amount: string;
  orderId: string;
  customer: { email?: string };
}

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1', allowedOrigins: ['http://localhost:3000'] });
});
afterAll(async () => {
  await sandbox.close();
});

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function listed(query: string): Promise<Listed[]> {
  const response = await fetch(`${sandbox.url}/sandbox/transactions?${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { transactions: Listed[] }).transactions;
}

/**
 * A sale through the server API (join-api's sandbox driver), answered with its one transaction; Braintree's reusable
 * nonce of a 3D Secure authenticated card, which the server API's 3D Secure policy sells.
 */
async function v1Sale(orderId: string, amount = '216.00') {
  const response = await post('/v1/transactions', {
    paymentMethodNonce: THREE_DS_NONCE,
    amount,
    currencyCode: 'USD',
    orderId,
  });
  return { status: response.status, body: (await response.json()) as { transaction: { id: string; status: string } } };
}

describe('fault duplicateSale', () => {
  it('server API: the sale is answered once and listed twice (two approved sales of the order, distinct ids); once only', async () => {
    const orderId = unique('dup');
    expect((await post('/sandbox/faults', { duplicateSale: true, match: { orderId } })).status).toBe(201);
    const answered = await v1Sale(orderId);
    expect(answered.status).toBe(200);
    expect(answered.body.transaction.status).toBe('authorized');
    const sales = await listed(`orderId=${orderId}`);
    expect(sales).toHaveLength(2);
    expect(sales.map((t) => [t.type, t.status, t.amount, t.orderId])).toEqual([
      ['sale', 'authorized', '216.00', orderId],
      ['sale', 'authorized', '216.00', orderId],
    ]);
    expect(new Set(sales.map((t) => t.id)).size).toBe(2);
    expect(sales.map((t) => t.id)).toContain(answered.body.transaction.id);
    // times defaults to 1: the order's next sale is recorded once
    await v1Sale(orderId);
    expect(await listed(`orderId=${orderId}`)).toHaveLength(3);
  });

  it('a declined sale is not doubled: only money taken is copied', async () => {
    const orderId = unique('dup-declined');
    await post('/sandbox/faults', { duplicateSale: true, match: { orderId } });
    // Braintree's test amount 2000.00: the processor declines (code 2000)
    const declined = await v1Sale(orderId, '2000.00');
    expect(declined.body.transaction.status).toBe('processor_declined');
    expect(await listed(`orderId=${orderId}`)).toHaveLength(1);
  });

  it('Braintree gateway API (the braintree driver): a sale matched by customer e-mail is listed twice for that e-mail', async () => {
    const email = `${unique('dup')}@example.com`;
    await post('/sandbox/faults', { duplicateSale: true, match: { customerEmail: email } });
    const gateway = new braintree.BraintreeGateway({
      environment: new braintree.Environment(
        '127.0.0.1',
        String(sandbox.port),
        'http://auth.venmo.dev:9292',
        false,
        'graphql.bt.local',
        '8080',
      ),
      merchantId: 'ofw_sandbox',
      publicKey: 'sandbox_public_key',
      privateKey: 'sandbox_private_key',
    });
    const orderId = unique('dup-bt');
    const result = await gateway.transaction.sale({
      amount: '12.00',
      paymentMethodNonce: 'fake-valid-nonce',
      orderId,
      customer: { email },
    });
    expect(result.success).toBe(true);
    const sales = await listed(`customerEmail=${encodeURIComponent(email)}`);
    expect(sales.map((t) => [t.status, t.amount, t.orderId, t.customer.email])).toEqual([
      ['authorized', '12.00', orderId, email],
      ['authorized', '12.00', orderId, email],
    ]);
  });

  it('is a fault kind of its own: combined with another kind it is refused (400), nothing queued', async () => {
    const response = await post('/sandbox/faults', { duplicateSale: true, status: 503 });
    expect(response.status).toBe(400);
    expect(((await (await fetch(`${sandbox.url}/sandbox/faults`)).json()) as { faults: unknown[] }).faults).toEqual([]);
  });

  it('is refused (404) by a sandbox built for production, as all of fault control', async () => {
    const production = await startSandbox({ port: 0, host: '127.0.0.1', nodeEnv: 'production' });
    try {
      const response = await fetch(`${production.url}/sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ duplicateSale: true }),
      });
      expect(response.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

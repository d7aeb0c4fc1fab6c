import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../src/server.js';
import { SandboxStore } from '../src/store.js';
import { THREE_DS_NONCE, gatewayAt, makeApp } from './helpers.js';

/*
 * Braintree's duplicate transaction checking (Control Panel › Settings › Processing; braintree_node transaction.js
 * GatewayRejectionReason.Duplicate): a sale repeating a successful one — same payment method, amount and merchant
 * account — within the configured window is gateway_rejected "duplicate". Off unless set through PUT /sandbox/simulation.
 */

const put = (request: (path: string, init: RequestInit) => Promise<Response> | Response, body: unknown) =>
  request('/sandbox/simulation', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('duplicate checking in the sandbox server API', () => {
  it('off by default: the same sale twice is two authorizations', async () => {
    const { charge } = makeApp();
    const first = await charge({ paymentMethodNonce: THREE_DS_NONCE });
    const second = await charge({ paymentMethodNonce: THREE_DS_NONCE });
    expect([first.body.transaction.status, second.body.transaction.status]).toEqual(['authorized', 'authorized']);
  });

  it('on: a repeat within the window is gateway_rejected duplicate; another amount, or after the window, passes', async () => {
    let clock = Date.parse('2026-11-26T12:00:00Z');
    const { app, charge } = makeApp(() => clock);
    expect((await put((p, i) => app.request(p, i), { duplicateCheck: { windowMs: 60_000 } })).status).toBe(200);
    expect((await charge({ paymentMethodNonce: THREE_DS_NONCE })).body.transaction.status).toBe('authorized');
    const repeat = (await charge({ paymentMethodNonce: THREE_DS_NONCE })).body.transaction;
    expect(repeat).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'duplicate' });
    expect((await charge({ paymentMethodNonce: THREE_DS_NONCE, amount: '217.00' })).body.transaction.status).toBe(
      'authorized',
    );
    clock += 60_001;
    expect((await charge({ paymentMethodNonce: THREE_DS_NONCE })).body.transaction.status).toBe('authorized');
  });
});

describe('duplicate checking in the Braintree gateway API (real SDK)', () => {
  let sandbox: RunningSandbox;
  interface Result {
    success: boolean;
    message: string;
    transaction: { status: string; gatewayRejectionReason: string | null };
  }
  let gateway: { transaction: { sale(request: object): Promise<Result> } };
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1', store: new SandboxStore() });
    gateway = gatewayAt(sandbox.port) as typeof gateway;
    const response = await put((p, i) => fetch(`${sandbox.url}${p}`, i), { duplicateCheck: { windowMs: 60_000 } });
    expect(response.status).toBe(200);
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('the repeat resolves success false, "Gateway Rejected: duplicate"; another merchant account is no duplicate', async () => {
    const sale = (merchantAccountId: string) =>
      gateway.transaction.sale({ amount: '12.00', paymentMethodNonce: 'fake-valid-nonce', merchantAccountId });
    expect((await sale('ofw_usd')).success).toBe(true);
    const repeat = await sale('ofw_usd');
    expect(repeat.success).toBe(false);
    expect(repeat.message).toBe('Gateway Rejected: duplicate');
    expect(repeat.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'duplicate' });
    expect((await sale('ofw_gbp')).success).toBe(true);
  });
});

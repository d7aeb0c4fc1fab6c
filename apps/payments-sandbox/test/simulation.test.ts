import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../src/server.js';
import { SandboxStore } from '../src/store.js';
import { THREE_DS_NONCE, gatewayAt, makeApp } from './helpers.js';

/*
 * The gateway's behaviour over time, for join-api's money soak (docs/PAYMENTS.md "Money safety"): settlement, a search
 * that lags behind a sale, and a sale that lands long after its caller gave up — each test-only, set through fault
 * control (404 in production).
 */

interface Tx {
  id: string;
  status: string;
  statusHistory?: { status: string }[];
}
interface Sdk {
  transaction: {
    sale(request: object): Promise<{ success: boolean; transaction: Tx }>;
    find(id: string): Promise<Tx>;
    void(id: string): Promise<{ success: boolean; errors: { deepErrors(): { code: string }[] } }>;
    refund(id: string): Promise<{ success: boolean; transaction: Tx }>;
    search(fn: (s: { orderId(): { is(v: string): void } }) => void): AsyncIterable<Tx>;
  };
}

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

describe('sandbox server API over time (PUT /sandbox/simulation)', () => {
  function clocked() {
    let clock = Date.parse('2026-11-26T12:00:00Z');
    const sandbox = makeApp(() => clock);
    const put = (body: unknown) =>
      sandbox.app.request('/sandbox/simulation', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const lookup = async (orderId: string) => {
      const response = await sandbox.app.request(`/v1/transactions?orderId=${orderId}`);
      return {
        status: response.status,
        body: (await response.json()) as { transactions?: { id: string; status: string }[] },
      };
    };
    return { ...sandbox, put, lookup, tick: (ms: number) => (clock += ms) };
  }

  it('Braintree statuses: submitted_for_settlement → settling → settled after the configured delays; off by default', async () => {
    const { put, charge, lookup, tick } = clocked();
    const beforeOrder = unique('before');
    await charge({ paymentMethodNonce: THREE_DS_NONCE, orderId: beforeOrder, options: { submitForSettlement: true } });
    expect((await put({ settlement: { settlingAfterMs: 1000, settledAfterMs: 3000 } })).status).toBe(200);
    const orderId = unique('settle');
    await charge({ paymentMethodNonce: THREE_DS_NONCE, orderId, options: { submitForSettlement: true } });
    expect((await lookup(orderId)).body.transactions?.[0]?.status).toBe('submitted_for_settlement');
    tick(1000);
    expect((await lookup(orderId)).body.transactions?.[0]?.status).toBe('settling');
    tick(2000);
    expect((await lookup(orderId)).body.transactions?.[0]?.status).toBe('settled');
    // a sale made before settlement was simulated stays where it was
    expect((await lookup(beforeOrder)).body.transactions?.[0]?.status).toBe('submitted_for_settlement');
  });

  it('declinedRate 1: the sale ends settlement_declined; a voided sale leaves settlement; a settled one is refunded, not voided', async () => {
    const { put, charge, lookup, tick, app } = clocked();
    await put({ settlement: { settlingAfterMs: 10, settledAfterMs: 20, declinedRate: 1 } });
    const declined = unique('declined');
    await charge({ paymentMethodNonce: THREE_DS_NONCE, orderId: declined, options: { submitForSettlement: true } });
    await put({ settlement: { settlingAfterMs: 10, settledAfterMs: 20 } });
    const voided = unique('voided');
    const v = (
      await charge({ paymentMethodNonce: THREE_DS_NONCE, orderId: voided, options: { submitForSettlement: true } })
    ).body.transaction.id as string;
    expect((await app.request(`/v1/transactions/${v}/void`, { method: 'POST' })).status).toBe(200);
    const settled = unique('settled');
    const s = (
      await charge({ paymentMethodNonce: THREE_DS_NONCE, orderId: settled, options: { submitForSettlement: true } })
    ).body.transaction.id as string;
    tick(20);
    expect((await lookup(declined)).body.transactions?.[0]?.status).toBe('settlement_declined');
    expect((await lookup(voided)).body.transactions?.[0]?.status).toBe('voided');
    // Braintree: void only authorized / submitted_for_settlement (91504), refund a settled sale
    expect((await app.request(`/v1/transactions/${s}/void`, { method: 'POST' })).status).toBe(422);
    expect((await app.request(`/v1/transactions/${s}/refund`, { method: 'POST' })).status).toBe(200);
  });

  it('searchLagMs: GET /v1/transactions?orderId= does not see a sale until the lag has passed', async () => {
    const { put, charge, lookup, tick } = clocked();
    await put({ searchLagMs: 5000 });
    const orderId = unique('lag');
    await charge({ paymentMethodNonce: THREE_DS_NONCE, orderId, options: { submitForSettlement: true } });
    expect((await lookup(orderId)).status).toBe(404);
    tick(4999);
    expect((await lookup(orderId)).status).toBe(404);
    tick(1);
    expect((await lookup(orderId)).body.transactions).toHaveLength(1);
  });

  it('landAfterMs answers nothing and carries the sale out later: nothing exists before, the sale after', async () => {
    const { app, charge } = makeApp();
    const orderId = unique('land');
    const added = await app.request('/sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ landAfterMs: 200, match: { orderId } }),
    });
    expect(added.status).toBe(201);
    const answer = await charge({ paymentMethodNonce: THREE_DS_NONCE, orderId }).catch(() => undefined);
    expect(answer?.body?.transaction).toBeUndefined();
    const listed = async () =>
      (
        (await (await app.request(`/sandbox/transactions?orderId=${orderId}`)).json()) as {
          transactions: { status: string }[];
        }
      ).transactions;
    expect(await listed()).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await listed()).map((t) => t.status)).toEqual(['authorized']);
  });

  it('a bad simulation body is 400; simulation control answers 404 when NODE_ENV=production', async () => {
    const { put } = clocked();
    expect((await put({ searchLagMs: -1 })).status).toBe(400);
    expect((await put({ settlement: { settlingAfterMs: 1 } })).status).toBe(400);
    const production = await startSandbox({ port: 0, host: '127.0.0.1', nodeEnv: 'production' });
    try {
      const response = await fetch(`${production.url}/sandbox/simulation`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ searchLagMs: 1000 }),
      });
      expect(response.status).toBe(404);
      const fault = await fetch(`${production.url}/sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ landAfterMs: 1000 }),
      });
      expect(fault.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('Braintree gateway API over time (real braintree SDK 3.40 against the sandbox)', () => {
  let clock = Date.parse('2026-11-26T12:00:00Z');
  let sandbox: RunningSandbox;
  let gateway: Sdk;
  const put = async (body: unknown) => {
    const response = await fetch(`${sandbox.url}/sandbox/simulation`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };
  const search = async (orderId: string) => {
    const found: Tx[] = [];
    for await (const t of gateway.transaction.search((s) => s.orderId().is(orderId))) found.push(t);
    return found;
  };
  const sale = (orderId: string) =>
    gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-valid-nonce',
      orderId,
      options: { submitForSettlement: true },
    });

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1', store: new SandboxStore(() => clock) });
    gateway = gatewayAt(sandbox.port) as Sdk;
  });
  afterAll(async () => {
    await put({});
    await sandbox.close();
  });

  it('settlement: find and search see settling then settled (statusHistory in order); void refused 91504 once settling; refund works', async () => {
    await put({ settlement: { settlingAfterMs: 1000, settledAfterMs: 2000 } });
    const orderId = unique('bt-settle');
    const { transaction } = await sale(orderId);
    expect(transaction.status).toBe('submitted_for_settlement');
    clock += 1000;
    expect((await gateway.transaction.find(transaction.id)).status).toBe('settling');
    const refused = await gateway.transaction.void(transaction.id);
    expect(refused.errors.deepErrors().map((e) => e.code)).toContain('91504');
    clock += 1000;
    const settled = await search(orderId);
    expect(settled.map((t) => t.status)).toEqual(['settled']);
    expect(settled[0]?.statusHistory?.map((h) => h.status)).toEqual([
      'submitted_for_settlement',
      'settling',
      'settled',
    ]);
    expect((await gateway.transaction.refund(transaction.id)).success).toBe(true);
  });

  it('searchLagMs: the advanced search misses a new sale until the lag has passed; find by id sees it at once', async () => {
    await put({ searchLagMs: 3000 });
    const orderId = unique('bt-lag');
    const { transaction } = await sale(orderId);
    expect(await search(orderId)).toHaveLength(0);
    expect((await gateway.transaction.find(transaction.id)).id).toBe(transaction.id);
    clock += 3000;
    expect((await search(orderId)).map((t) => t.id)).toEqual([transaction.id]);
  });

  it('landAfterMs: the SDK gets no answer, the sale exists only once the delay has passed', async () => {
    await put({});
    const orderId = unique('bt-land');
    const added = await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ landAfterMs: 300, match: { orderId } }),
    });
    expect(added.status).toBe(201);
    await expect(sale(orderId)).rejects.toBeDefined();
    expect(sandbox.store.transactionsFor(orderId)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await search(orderId)).map((t) => t.status)).toEqual(['submitted_for_settlement']);
  });
});

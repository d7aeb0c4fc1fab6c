import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxApp } from '../src/app.js';
import { startSandbox, type RunningSandbox } from '../src/server.js';
import { gatewayAt, sdk } from './helpers.js';

/*
 * What happens to a sale after it was made, driven from the test-only control panel (Braintree's Control Panel and
 * the card networks): settlement, settlement declines, refunds and voids by hand, chargebacks. Both APIs show each
 * change; notifications follow Braintree's (webhook_notification.js Kind) and parse with the real SDK.
 */

interface View {
  id: string;
  type: string;
  status: string;
  amount: string;
  refundIds: string[];
  refundedTransactionId?: string;
  refunds: { id: string; amount: string; status: string }[];
  disputes: { id: string; status: string; amount: string; reason: string; kind: string; replyByDate: string }[];
  statusHistory: { status: string; timestamp: string }[];
}
interface SdkTx {
  id: string;
  status: string;
  type: string;
  disputes?: { id: string; status: string; kind: string; amountDisputed: string }[];
}
interface Sdk {
  transaction: {
    find(id: string): Promise<SdkTx>;
    search(
      fn: (s: Record<string, () => { is(v: unknown): void; min(v: unknown): void }>) => void,
    ): AsyncIterable<SdkTx>;
  };
  dispute: {
    find(id: string): Promise<{
      success: boolean;
      dispute: { id: string; status: string; amountDisputed: string; transactionDetails: { id: string } };
    }>;
  };
}
interface Answer {
  transaction: View;
  transactions: View[];
  refund: { id: string; amount: string };
  dispute: View['disputes'][number] & { receivedDate: string };
  deliveries: Delivery[];
  error: { code: string };
}
interface Delivery {
  kind: string;
  subjectId: string;
  url: string | null;
  btSignature: string;
  btPayload: string;
}

let sandbox: RunningSandbox;
let gateway: Sdk;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
  gateway = gatewayAt(sandbox.port) as Sdk;
});
afterAll(async () => {
  await sandbox.close();
});

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** A sale through the server API (the reusable 3DS test nonce), submitted for settlement unless `authorizeOnly`. */
async function sale(amount = '100.00', authorizeOnly = false): Promise<View> {
  const { body } = await call('POST', '/v1/transactions', {
    paymentMethodNonce: 'fake-three-d-secure-visa-full-authentication-nonce',
    amount,
    currencyCode: 'USD',
    orderId: `order-${Math.random().toString(36).slice(2)}`,
    options: { submitForSettlement: !authorizeOnly },
  });
  return body.transaction;
}

async function settledSale(amount = '100.00'): Promise<View> {
  const made = await sale(amount);
  expect((await call('POST', `/sandbox/transactions/${made.id}/settle`)).status).toBe(200);
  return made;
}

async function deliveries(subjectId: string): Promise<Delivery[]> {
  const { body } = await call('GET', '/sandbox/webhooks');
  return body.deliveries.filter((d) => d.subjectId === subjectId);
}

async function parsed(subjectId: string, kind: string) {
  const delivery = (await deliveries(subjectId)).find((d) => d.kind === kind);
  expect(delivery, `${kind} for ${subjectId}`).toBeDefined();
  return sdk().webhookNotification.parse(delivery!.btSignature, delivery!.btPayload);
}

describe('settlement from the control panel (testing_gateway.js settle / settlementDecline)', () => {
  it('settle: submitted_for_settlement → settled in both APIs; transaction_settled carries the full transaction', async () => {
    const made = await settledSale();
    const { body } = await call('GET', `/v1/transactions/${made.id}`);
    expect(body.transaction).toMatchObject({ id: made.id, type: 'sale', status: 'settled' });
    expect(body.transaction.statusHistory.map((e) => e.status)).toEqual(['submitted_for_settlement', 'settled']);
    expect((await gateway.transaction.find(made.id)).status).toBe('settled');
    const notification = await parsed(made.id, 'transaction_settled');
    expect(notification.transaction).toMatchObject({ id: made.id, status: 'settled', amount: '100.00' });
    expect((await deliveries(made.id))[0]?.url).toBeNull();
  });

  it('settlement-decline: a submitted sale ends settlement_declined (transaction_settlement_declined); an authorized one is 91575', async () => {
    const made = await sale();
    const declined = await call('POST', `/sandbox/transactions/${made.id}/settlement-decline`);
    expect(declined.body.transaction).toMatchObject({ status: 'settlement_declined' });
    expect((await parsed(made.id, 'transaction_settlement_declined')).transaction?.status).toBe('settlement_declined');
    const authorized = await sale('10.00', true);
    const refused = await call('POST', `/sandbox/transactions/${authorized.id}/settlement-decline`);
    expect(refused).toMatchObject({ status: 422, body: { error: { code: '91575' } } });
    expect((await call('POST', '/sandbox/transactions/nope/settlement-decline')).status).toBe(404);
  });
});

describe('refunds and voids from the control panel (no notification: Braintree sends none for them)', () => {
  it('refund: 91506 before settlement; partial refunds up to the sale (91521 beyond, 91512 once complete), found by search', async () => {
    const since = new Date().toISOString();
    const unsettled = await sale();
    expect(await call('POST', `/sandbox/transactions/${unsettled.id}/refund`)).toMatchObject({
      status: 422,
      body: { error: { code: '91506' } },
    });
    const made = await settledSale();
    const first = await call('POST', `/sandbox/transactions/${made.id}/refund`, { amount: '40.00' });
    expect(first.body.refund).toMatchObject({ amount: '40.00' });
    expect(await call('POST', `/sandbox/transactions/${made.id}/refund`, { amount: '60.01' })).toMatchObject({
      status: 422,
      body: { error: { code: '91521' } },
    });
    const rest = await call('POST', `/sandbox/transactions/${made.id}/refund`);
    expect(rest.body.refund).toMatchObject({ amount: '60.00' });
    expect(await call('POST', `/sandbox/transactions/${made.id}/refund`)).toMatchObject({
      status: 422,
      body: { error: { code: '91512' } },
    });
    const view = rest.body.transaction;
    expect(view.refunds.map((r) => [r.amount, r.status])).toEqual([
      ['40.00', 'submitted_for_settlement'],
      ['60.00', 'submitted_for_settlement'],
    ]);
    const refundId = first.body.refund.id;
    expect((await call('GET', `/v1/transactions/${refundId}`)).body.transaction).toMatchObject({
      type: 'credit',
      refundedTransactionId: made.id,
    });
    const found = await call('POST', '/v1/transactions/search', {
      criteria: { type: ['credit'], createdAt: { min: since }, refundedTransactionId: { is: made.id } },
    });
    expect(found.body.transactions.map((t) => t.amount)).toEqual(['40.00', '60.00']);
    const viaSdk: string[] = [];
    for await (const t of gateway.transaction.search((s) => {
      s.type!().is('credit');
      s.createdAt!().min(since);
    }))
      viaSdk.push(t.id);
    expect(viaSdk).toEqual(expect.arrayContaining([refundId, rest.body.refund.id]));
    expect(viaSdk).not.toContain(made.id);
    expect((await deliveries(refundId)).length + (await deliveries(rest.body.refund.id)).length).toBe(0);
    expect((await deliveries(made.id)).map((d) => d.kind)).toEqual(['transaction_settled']);
  });

  it('void: an authorized sale becomes voided, found by voidedAt in both APIs; a settled one is 91504', async () => {
    const since = new Date(Date.now() - 1).toISOString();
    const made = await sale('10.00', true);
    expect((await call('POST', `/sandbox/transactions/${made.id}/void`)).body.transaction).toMatchObject({
      status: 'voided',
    });
    const found = await call('POST', '/v1/transactions/search', { criteria: { voidedAt: { min: since } } });
    expect(found.body.transactions.map((t) => t.id)).toContain(made.id);
    const viaSdk: string[] = [];
    for await (const t of gateway.transaction.search((s) => s.voidedAt!().min(since))) viaSdk.push(t.id);
    expect(viaSdk).toContain(made.id);
    expect(await deliveries(made.id)).toEqual([]);
    const settled = await settledSale();
    expect(await call('POST', `/sandbox/transactions/${settled.id}/void`)).toMatchObject({
      status: 422,
      body: { error: { code: '91504' } },
    });
  });
});

describe('chargebacks (dispute.js; webhook_testing_gateway.js subjectXmlForDisputeOpened)', () => {
  it('opening a dispute on a settled sale: dispute_opened, transaction.disputes, dispute.find, disputeDate search', async () => {
    const made = await settledSale('80.00');
    const opened = await call('POST', `/sandbox/transactions/${made.id}/dispute`, { amount: '30.00' });
    expect(opened.status).toBe(201);
    const dispute = opened.body.dispute;
    expect(dispute).toMatchObject({ status: 'open', amount: '30.00', reason: 'fraud', kind: 'chargeback' });
    expect(Date.parse(dispute.replyByDate) - Date.parse(dispute.receivedDate)).toBe(7 * 86_400_000);
    const notification = await parsed(dispute.id, 'dispute_opened');
    expect(notification.dispute).toMatchObject({
      id: dispute.id,
      status: 'open',
      kind: 'chargeback',
      reason: 'fraud',
      amountDisputed: '30.00',
      replyByDate: dispute.replyByDate,
      transactionDetails: { id: made.id, amount: '80.00' },
    });
    const found = await gateway.transaction.find(made.id);
    expect(found.disputes?.map((d) => [d.id, d.status, d.kind])).toEqual([[dispute.id, 'open', 'chargeback']]);
    expect((await gateway.dispute.find(dispute.id)).dispute).toMatchObject({
      id: dispute.id,
      status: 'open',
      amountDisputed: '30.00',
      transactionDetails: { id: made.id },
    });
    const today = new Date().toISOString().slice(0, 10);
    const search = await call('POST', '/v1/transactions/search', { criteria: { disputeDate: { min: today } } });
    expect(search.body.transactions.map((t) => t.id)).toContain(made.id);
    const viaSdk: string[] = [];
    for await (const t of gateway.transaction.search((s) => s.disputeDate!().min(today))) viaSdk.push(t.id);
    expect(viaSdk).toContain(made.id);
  });

  it('win / lose / accept / expire close an open dispute with their notification; a closed one is 422', async () => {
    for (const [action, status] of [
      ['win', 'won'],
      ['lose', 'lost'],
      ['accept', 'accepted'],
      ['expire', 'expired'],
    ] as const) {
      const made = await settledSale();
      const { body } = await call('POST', `/sandbox/transactions/${made.id}/dispute`, { reason: 'duplicate' });
      const id = body.dispute.id;
      expect((await call('POST', `/sandbox/disputes/${id}/${action}`)).body.dispute).toMatchObject({ status });
      expect((await parsed(id, `dispute_${status}`)).dispute).toMatchObject({ id, status, reason: 'duplicate' });
      expect((await call('GET', `/v1/transactions/${made.id}`)).body.transaction.disputes[0]?.status).toBe(status);
      expect((await call('POST', `/sandbox/disputes/${id}/${action}`)).status).toBe(422);
    }
    const closed = await call('POST', '/sandbox/disputes/nope/win');
    expect(closed.status).toBe(404);
  });

  it('a sale not settled yet cannot be charged back; an amount above the sale or an unknown reason is refused', async () => {
    const made = await sale();
    expect((await call('POST', `/sandbox/transactions/${made.id}/dispute`)).status).toBe(422);
    const settled = await settledSale('10.00');
    expect((await call('POST', `/sandbox/transactions/${settled.id}/dispute`, { amount: '10.01' })).status).toBe(422);
    expect((await call('POST', `/sandbox/transactions/${settled.id}/dispute`, { reason: 'nope' })).status).toBe(422);
  });
});

describe('webhook check and the server API additions', () => {
  it('POST /sandbox/webhooks/check records a check notification the SDK parses', async () => {
    const { status } = await call('POST', '/sandbox/webhooks/check');
    expect(status).toBe(201);
    const notification = await parsed('check', 'check');
    expect(notification.kind).toBe('check');
  });

  it('GET /v1/transactions/{id} is 404 for an unknown id; search refuses an unknown criterion (400)', async () => {
    expect((await call('GET', '/v1/transactions/nope')).status).toBe(404);
    expect((await call('POST', '/v1/transactions/search', { criteria: { colour: { is: 'red' } } })).status).toBe(400);
    expect((await call('POST', '/v1/transactions/search', {})).status).toBe(400);
  });

  it('the control panel answers 404 when the app is built for production, like fault control', async () => {
    const app = createSandboxApp({ nodeEnv: 'production', frameScript: '' });
    for (const path of ['/sandbox/transactions/x/settle', '/sandbox/disputes/x/win', '/sandbox/webhooks/check'])
      expect((await app.request(path, { method: 'POST' })).status).toBe(404);
    expect((await app.request('/sandbox/webhooks')).status).toBe(404);
  });
});

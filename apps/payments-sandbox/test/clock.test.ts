import { describe, expect, it } from 'vitest';
import { KEY, THREE_DS_NONCE, makeApp, sdk } from './helpers.js';

/*
 * The test clock (`/sandbox/clock`, like Stripe's test clocks): the sandbox's time is real time plus an offset that
 * only grows, and everything time-based follows it — Braintree's nonce (3 h) and client token (24 h) lifetimes,
 * settlement, authorization expiry (Braintree "Statuses › Authorization expired"), dispute reply-by dates, stamps and
 * webhook notification timestamps.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The JSON answers, as far as these tests read them. */
interface Tx {
  id: string;
  status: string;
  paymentMethodToken: string;
  createdAt: string;
  statusHistory: { status: string; timestamp: string }[];
}
interface Body {
  now: string;
  offsetMs: number;
  transaction: Tx;
  error: { code: string };
}
interface Delivery {
  kind: string;
  subjectId: string;
  timestamp: string;
  btSignature: string;
  btPayload: string;
}

function setup() {
  const sandbox = makeApp();
  const advance = async (body: unknown) => {
    const response = await sandbox.post('/sandbox/clock', body);
    return { status: response.status, body: (await response.json()) as Body };
  };
  const deliveries = async () =>
    ((await (await sandbox.app.request('/sandbox/webhooks')).json()) as { deliveries: Delivery[] }).deliveries;
  const charge = (body: Record<string, unknown>): Promise<{ status: number; body: Body }> => sandbox.charge(body);
  return { ...sandbox, charge, advance, deliveries };
}

describe('test clock (POST/GET /sandbox/clock)', () => {
  it('answers { now, offsetMs }; advanceDays / advanceMs move it forward only; bad input is 400 invalid_request', async () => {
    const { app, advance } = setup();
    const before = (await (await app.request('/sandbox/clock')).json()) as { now: string; offsetMs: number };
    expect(before.offsetMs).toBe(0);
    const { status, body } = await advance({ advanceDays: 30 });
    expect(status).toBe(200);
    expect(body.offsetMs).toBe(30 * DAY);
    expect(Date.parse(body.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(30 * DAY);
    expect((await advance({ advanceMs: 1500 })).body.offsetMs).toBe(30 * DAY + 1500);
    for (const bad of [
      { advanceDays: 0 },
      { advanceDays: 3651 },
      { advanceDays: 1.5 },
      { advanceMs: -1 },
      {},
      { advanceDays: 1, advanceMs: 1 },
      { days: 1 },
    ]) {
      const answer = await advance(bad);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('invalid_request');
    }
    expect(((await (await app.request('/sandbox/clock')).json()) as { offsetMs: number }).offsetMs).toBe(
      30 * DAY + 1500,
    );
  });

  it('Braintree lifetimes follow it: a nonce expires after 3 h (91565), a client token after 24 h (401)', async () => {
    const { tokenize, charge, clientToken, advance, store } = setup();
    const nonce = (await tokenize('4111111111111111')).body.creditCards[0].nonce as string;
    const token = await clientToken();
    await advance({ advanceMs: 3 * HOUR + 1000 });
    expect((await charge({ paymentMethodNonce: nonce })).body.error.code).toBe('91565');
    expect(store.clientTokens.kindOf(token)).toBe('clientToken');
    await advance({ advanceDays: 1 });
    expect(store.clientTokens.kindOf(token)).toBeUndefined();
    expect(store.clientTokens.kindOf(KEY)).toBe('tokenizationKey');
  });

  it('a renewal a year later is stamped a year later (createdAt, statusHistory) and so is its customer’s vaulting', async () => {
    const { charge, advance } = setup();
    const first = (await charge({ paymentMethodNonce: THREE_DS_NONCE, storeInVault: true })).body.transaction;
    await advance({ advanceDays: 365 });
    const renewal = (await charge({ paymentMethodToken: first.paymentMethodToken, transactionSource: 'recurring' }))
      .body.transaction;
    const elapsed = Date.parse(renewal.createdAt) - Date.parse(first.createdAt);
    expect(elapsed).toBeGreaterThanOrEqual(365 * DAY);
    expect(elapsed).toBeLessThan(366 * DAY);
    expect(Date.parse(renewal.statusHistory[0]!.timestamp)).toBe(Date.parse(renewal.createdAt));
  });

  it('advancing runs settlement plans that fell due and sends transaction_settled stamped when it fell due', async () => {
    const { charge, advance, deliveries, app } = setup();
    await app.request('/sandbox/simulation', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ settlement: { settlingAfterMs: HOUR, settledAfterMs: DAY } }),
    });
    const sale = (await charge({ paymentMethodNonce: THREE_DS_NONCE, options: { submitForSettlement: true } })).body
      .transaction;
    await advance({ advanceDays: 2 });
    const found = (await (await app.request(`/v1/transactions/${sale.id}`)).json()) as { transaction: Tx };
    expect(found.transaction.statusHistory.map((e) => e.status)).toEqual([
      'submitted_for_settlement',
      'settling',
      'settled',
    ]);
    const [delivery] = (await deliveries()).filter((d) => d.subjectId === sale.id);
    expect(delivery!.kind).toBe('transaction_settled');
    expect(Date.parse(delivery!.timestamp)).toBe(Date.parse(sale.createdAt) + DAY);
    const notification = await sdk().webhookNotification.parse(delivery!.btSignature, delivery!.btPayload);
    expect(notification.kind).toBe('transaction_settled');
    expect(notification.transaction?.status).toBe('settled');
  });

  it('Braintree "Authorization expired": an authorized Visa sale expires after 8 days, a PayPal one after 29', async () => {
    const { charge, advance, app } = setup();
    const visa = (await charge({ paymentMethodNonce: THREE_DS_NONCE })).body.transaction;
    const paypal = (await charge({ paymentMethodNonce: 'fake-paypal-one-time-nonce' })).body.transaction;
    const status = async (id: string) =>
      ((await (await app.request(`/v1/transactions/${id}`)).json()) as { transaction: { status: string } }).transaction
        .status;
    await advance({ advanceDays: 7 });
    expect(await status(visa.id)).toBe('authorized');
    await advance({ advanceDays: 2 });
    expect(await status(visa.id)).toBe('authorization_expired');
    expect(await status(paypal.id)).toBe('authorized');
    await advance({ advanceDays: 21 });
    expect(await status(paypal.id)).toBe('authorization_expired');
    const voided = await app.request(`/v1/transactions/${visa.id}/void`, { method: 'POST' });
    expect(voided.status).toBe(422);
  });

  it('an open dispute past its reply-by date expires when the clock passes it and sends dispute_expired', async () => {
    const { charge, advance, post, deliveries } = setup();
    const sale = (await charge({ paymentMethodNonce: THREE_DS_NONCE, options: { submitForSettlement: true } })).body
      .transaction;
    await post(`/sandbox/transactions/${sale.id}/settle`, {});
    const opened = (await (await post(`/sandbox/transactions/${sale.id}/dispute`, {})).json()) as {
      dispute: { id: string };
    };
    await advance({ advanceDays: 7 });
    expect((await deliveries()).some((d) => d.kind === 'dispute_expired')).toBe(false);
    await advance({ advanceDays: 1 });
    const expired = (await deliveries()).find((d) => d.kind === 'dispute_expired');
    expect(expired?.subjectId).toBe(opened.dispute.id);
    const notification = await sdk().webhookNotification.parse(expired!.btSignature, expired!.btPayload);
    expect(notification.dispute?.status).toBe('expired');
  });
});

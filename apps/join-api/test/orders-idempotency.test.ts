import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coupons, orders, subscriptions } from '../src/db/schema.js';
import { chargeLeaseMs, reconcileOrders } from '../src/services/orders.js';
import { DATABASES, newParent, order, signup, withFakeSandboxApp, type FakeSandbox, type TestApp } from './helpers.js';

/*
 * An order is charged at most once whatever is replayed, lost or retried (docs/PAYMENTS.md "Money safety"): the
 * same Idempotency-Key answers the stored result, an order in doubt holds a charge lease, and reconciliation records
 * a charge the browser never heard of. Refusals before any charge: orders-refusals.test.ts; charges that land late:
 * orders-late-charges.test.ts.
 */
describe.each(DATABASES)('POST /orders idempotency and failures (%s)', (kind) => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  /** The app's clock runs `skew` ms ahead of the wall clock (to expire charge leases). */
  let skew = 0;
  withFakeSandboxApp(kind, { now: () => new Date(Date.now() + skew) }, (s, a) => {
    sandbox = s;
    t = a;
  });
  const pastLease = () => {
    skew += chargeLeaseMs(t.deps) + 1_000;
  };

  it('docs/CONTRACTS.md "HTTP API": the same key replays the stored answer; another body with it answers 422', async () => {
    const p = await newParent(t);
    const first = await order(t, p.authToken, 'replay-key-001');
    expect(first.status).toBe(201);
    const before = sandbox.state.charges;
    const again = await order(t, p.authToken, 'replay-key-001');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(sandbox.state.charges).toBe(before);
    const other = await order(t, p.authToken, 'replay-key-001', { packageId: 2055 });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: 'idempotency_key_reused' });
    // A new key for a parent who already paid: no second subscription.
    const second = await order(t, p.authToken, 'replay-key-002');
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: 'order_already_paid' });
  });

  it('one order replayed 50 times concurrently charges exactly once; duplicates in flight get 409', async () => {
    const p = await newParent(t);
    sandbox.state.delayMs = 150;
    const before = sandbox.state.charges;
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => order(t, p.authToken, 'concurrent-key-01')));
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
      for (const a of answers.filter((x) => x.status === 409))
        expect(await a.json()).toMatchObject({ code: 'idempotency_in_flight' });
    } finally {
      sandbox.state.delayMs = 0;
    }
    expect(sandbox.state.charges - before).toBe(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId))).toHaveLength(1);
    const replay = await order(t, p.authToken, 'concurrent-key-01');
    expect(replay.status).toBe(201);
  });

  it('gateway killed mid-order (answer lost after the charge) → 503, no orphan subscription; a retry with the same key records the one charge', async () => {
    const p = await newParent(t);
    const before = sandbox.state.charges;
    sandbox.state.mode = 'drop-after-charge';
    const lost = await order(t, p.authToken, 'fault-key-0001');
    sandbox.state.mode = 'ok';
    expect(lost.status).toBe(503);
    expect(await lost.json()).toMatchObject({ code: 'payment_gateway_unavailable' });
    expect(sandbox.state.charges - before).toBe(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId))).toEqual([]);
    const [pending] = await t.db.select().from(orders).where(eq(orders.userId, p.userId));
    expect(pending!.status).toBe('pending');

    // while the charge lease is live the charge may still land: nobody calls the gateway for the order
    const early = await order(t, p.authToken, 'fault-key-0001');
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'idempotency_in_flight' });
    pastLease();
    const retry = await order(t, p.authToken, 'fault-key-0001');
    expect(retry.status).toBe(201);
    expect(sandbox.state.charges - before).toBe(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId))).toHaveLength(1);
  });

  it('answer lost, then a reload retries with a NEW key: 409 while the lease is live, then the first charge answers it — one charge', async () => {
    const p = await newParent(t);
    const before = sandbox.state.charges;
    sandbox.state.mode = 'drop-after-charge';
    expect((await order(t, p.authToken, 'reload-key-0001')).status).toBe(503);
    sandbox.state.mode = 'ok';
    const early = await order(t, p.authToken, 'reload-key-0002');
    expect(early.status).toBe(409);
    pastLease();
    const later = await order(t, p.authToken, 'reload-key-0002');
    expect(later.status).toBe(201);
    expect(sandbox.state.charges - before).toBe(1);
    const rows = await t.db.select().from(orders).where(eq(orders.userId, p.userId));
    expect(rows.map((r) => r.status).sort()).toEqual(['paid']);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId))).toHaveLength(1);
  });

  it('a single-use nonce charged once cannot be charged again: 422 payment_method_expired', async () => {
    const p = await newParent(t);
    const nonce = sandbox.issueNonce();
    expect(
      (await order(t, p.authToken, 'single-use-0001', { paymentMethodNonce: nonce, packageId: 2051 })).status,
    ).toBe(201);
    const q = await newParent(t);
    const again = await order(t, q.authToken, 'single-use-0002', { paymentMethodNonce: nonce });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ code: 'payment_method_expired' });
    const unknown = await order(t, q.authToken, 'single-use-0003', { paymentMethodNonce: 'tokencc_fake_nobody' });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ code: 'payment_method_expired' });
    const [failed] = await t.db.select().from(orders).where(eq(orders.idempotencyKey, 'single-use-0002'));
    expect(failed!.status).toBe('failed');
  });

  it('gateway down → 503 and nothing charged; the retry charges once', async () => {
    const p = await newParent(t);
    const before = sandbox.state.charges;
    sandbox.state.mode = 'down';
    const down = await order(t, p.authToken, 'down-key-00001');
    sandbox.state.mode = 'ok';
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('1');
    const retry = await order(t, p.authToken, 'down-key-00001');
    expect(retry.status).toBe(201);
    expect(sandbox.state.charges - before).toBe(1);
  });

  it('no lost charge: an order in doubt is recorded by reconciliation (once its lease expired) even if the browser never retries', async () => {
    const p = await newParent(t);
    sandbox.state.mode = 'drop-after-charge';
    expect((await order(t, p.authToken, 'reconcile-key-1')).status).toBe(503);
    sandbox.state.mode = 'ok';
    const services = { ...t.deps, now: () => new Date(Date.now() + skew), inviteRotateAfterMs: 1 };
    await reconcileOrders(services);
    const [live] = await t.db.select().from(orders).where(eq(orders.userId, p.userId));
    expect(live!.status).toBe('pending');
    pastLease();
    const r = await reconcileOrders(services);
    expect(r.resolved).toBeGreaterThanOrEqual(1);
    const [o] = await t.db.select().from(orders).where(eq(orders.userId, p.userId));
    expect(o!.status).toBe('paid');
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId))).toHaveLength(1);
  });

  it('docs/PAYMENTS.md "Money safety": a retried sale answered "nonce already used" (91564) while the search lags is in doubt, never a final failure; reconciliation then records the first sale', async () => {
    const p = await newParent(t);
    const nonce = sandbox.issueNonce();
    const before = sandbox.state.charges;
    sandbox.state.mode = 'drop-after-charge';
    expect((await order(t, p.authToken, 'lagging-key-001', { paymentMethodNonce: nonce })).status).toBe(503);
    sandbox.state.mode = 'ok';
    sandbox.state.searchLags = true; // the first sale is not in the search index yet
    pastLease();
    const retry = await order(t, p.authToken, 'lagging-key-001', { paymentMethodNonce: nonce });
    expect(retry.status).toBe(503);
    expect(await retry.json()).toMatchObject({ code: 'payment_gateway_unavailable' });
    const [held] = await t.db.select().from(orders).where(eq(orders.idempotencyKey, 'lagging-key-001'));
    expect(held!.status).toBe('pending');
    sandbox.state.searchLags = false;
    pastLease();
    const r = await reconcileOrders({ ...t.deps, now: () => new Date(Date.now() + skew), inviteRotateAfterMs: 1 });
    expect(r.resolved).toBeGreaterThanOrEqual(1);
    const replay = await order(t, p.authToken, 'lagging-key-001', { paymentMethodNonce: nonce });
    expect(replay.status).toBe(201);
    expect(sandbox.state.charges - before).toBe(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId))).toHaveLength(1);
  });
});

describe('an order replay answers from its Idempotency-Key before pricing', () => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  withFakeSandboxApp('pglite', {}, (s, a) => {
    sandbox = s;
    t = a;
  });

  it('a replay after the coupon was switched off gets the stored 201, not 422', async () => {
    const p = await signup(t);
    const first = await order(t, p.authToken, 'coupon-replay-01', {
      couponCode: 'WELCOME10',
      expectedCharge: { amount: '206.00', currencyCode: 'USD' }, // §9 Premium $216.00, WELCOME10 $10.00 off
    });
    expect(first.status).toBe(201);
    const charges = sandbox.state.charges;
    await t.db.update(coupons).set({ active: false }).where(eq(coupons.code, 'WELCOME10'));
    const again = await order(t, p.authToken, 'coupon-replay-01', {
      couponCode: 'WELCOME10',
      expectedCharge: { amount: '206.00', currencyCode: 'USD' }, // §9 Premium $216.00, WELCOME10 $10.00 off
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(sandbox.state.charges).toBe(charges);
    // another body under the completed key is still refused
    const other = await order(t, p.authToken, 'coupon-replay-01', { packageId: 2055 });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });
});

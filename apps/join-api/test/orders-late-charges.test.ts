import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../src/db/schema.js';
import { chargeLeaseMs, LATE_CHECK_MAX_BACKOFF_MS, reconcileOrders, startReconciler } from '../src/services/orders.js';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import type { PaymentGateway } from '../src/gateway/types.js';
import {
  DATABASES,
  counterValue,
  newParent,
  order,
  startFakeSandbox,
  testApp,
  withFakeSandboxApp,
  type FakeSandbox,
  type TestApp,
} from './helpers.js';

/*
 * A charge that lands after join-api gave up on it, or a second approval of a paid order, is given back by
 * reconciliation however late it is found (docs/PAYMENTS.md "Money safety"); a charge lease taken over by another process
 * is never charged under (the lease is fenced).
 */
describe.each(DATABASES)('charges that land late (%s)', (kind) => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  let skew = 0;
  // A short gateway timeout (yet long enough for the successful calls on a loaded machine): a charge held past it
  // lands after join-api gave up.
  withFakeSandboxApp(kind, { now: () => new Date(Date.now() + skew), env: { GATEWAY_TIMEOUT_MS: '1500' } }, (s, a) => {
    sandbox = s;
    t = a;
  });
  const services = () => ({ ...t.deps, now: () => new Date(Date.now() + skew), inviteRotateAfterMs: 1 });

  it('an approval that lands after its order was failed is voided by the next reconciliation and logged at error level; the retry pays once', async () => {
    const p = await newParent(t);
    let open!: () => void;
    sandbox.state.gate = new Promise<void>((r) => (open = r)); // the first charge waits past join-api's timeout
    const first = order(t, p.authToken, 'late-key-00001');
    expect((await first).status).toBe(503);
    skew += chargeLeaseMs(t.deps) + 1_000;
    // the lease has expired and the gateway holds nothing yet: a reload (new key) fails the old order and pays anew
    const held = sandbox.state.gate;
    sandbox.state.gate = undefined;
    const retry = await order(t, p.authToken, 'late-key-00002');
    expect(retry.status).toBe(201);
    const before = sandbox.txs.length;
    open(); // the first charge lands now
    await held;
    await expect.poll(() => sandbox.txs.length, { timeout: 5_000 }).toBe(before + 1);
    const approvals = () =>
      sandbox.txs.filter((x) => x.orderId.startsWith('ord') && x.status === 'submitted_for_settlement');
    const mine = async () => {
      const ids = (await t.db.select().from(orders).where(eq(orders.userId, p.userId))).map((o) => o.id);
      return approvals().filter((x) => ids.includes(x.orderId));
    };
    expect(await mine()).toHaveLength(2);
    // three join-api processes reconcile at once: the late approval is voided exactly once
    const results = await Promise.all([
      reconcileOrders(services()),
      reconcileOrders(services()),
      reconcileOrders(services()),
    ]);
    expect(results.reduce((n, r) => n + r.reversed, 0)).toBe(1);
    // counted for alerting (README "Metrics"): join_api_payment_reversals_total{reason="late_approval"}
    expect(await counterValue(t.deps.metrics.paymentReversalsTotal, { reason: 'late_approval' })).toBe(1);
    expect(await mine()).toHaveLength(1);
    const [failed] = await t.db.select().from(orders).where(eq(orders.idempotencyKey, 'late-key-00001'));
    expect(failed!.status).toBe('failed');
    const voided = sandbox.txs.find((x) => x.orderId === failed!.id);
    expect(voided!.status).toBe('voided');
    expect(t.logs.lines.some((l) => l.level === 50 && l.orderId === failed!.id)).toBe(true);
  });
});

describe.each(DATABASES)('late approvals have no window (%s)', (kind) => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  let skew = 0;
  withFakeSandboxApp(kind, { now: () => new Date(Date.now() + skew), env: { GATEWAY_TIMEOUT_MS: '1500' } }, (s, a) => {
    sandbox = s;
    t = a;
  });
  const services = () => ({ ...t.deps, now: () => new Date(Date.now() + skew), inviteRotateAfterMs: 1 });

  it('docs/PAYMENTS.md "Money safety": an approval found for an order that failed days ago is still given back, with a warning', async () => {
    const p = await newParent(t);
    let open!: () => void;
    sandbox.state.gate = new Promise<void>((r) => (open = r)); // the charge is held past join-api's deadline
    expect((await order(t, p.authToken, 'days-late-0001')).status).toBe(503);
    const held = sandbox.state.gate;
    sandbox.state.gate = undefined;
    skew += chargeLeaseMs(t.deps) + 1_000;
    await reconcileOrders(services()); // the gateway holds nothing yet: the order fails
    const [failed] = await t.db.select().from(orders).where(eq(orders.idempotencyKey, 'days-late-0001'));
    expect(failed!.status).toBe('failed');
    open(); // the sale lands now
    await held;
    await expect.poll(() => sandbox.txs.some((x) => x.orderId === failed!.id)).toBe(true);
    skew += 3 * 24 * 60 * 60 * 1000; // three days later
    const r = await reconcileOrders(services());
    expect(r.reversed).toBe(1);
    expect(sandbox.txs.find((x) => x.orderId === failed!.id)!.status).toBe('voided');
    expect(t.logs.lines.some((l) => l.level === 40 && l.orderId === failed!.id)).toBe(true);
    // given back once: the next pass finds nothing more to reverse
    skew += LATE_CHECK_MAX_BACKOFF_MS + 1_000;
    expect((await reconcileOrders(services())).reversed).toBe(0);
  });

  it('docs/PAYMENTS.md "Money safety": a second approval of an order paid a day ago is given back; a pass says how far behind it is', async () => {
    const p = await newParent(t);
    const res = await order(t, p.authToken, 'paid-day-0001');
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    await reconcileOrders(services()); // checked once right after payment: nothing extra yet
    await fetch(`${sandbox.url}/v1/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId, amount: '216.00', currencyCode: 'USD', paymentMethodNonce: 'fake-valid-nonce' }),
    });
    skew += 24 * 60 * 60 * 1000;
    const reconciler = startReconciler(services(), 0); // one pass now, as join-api runs it
    const r = await reconciler.runOnce();
    await reconciler.stop();
    expect(r.reversed).toBe(1);
    // the order was due at its back-off's end (minutes after payment), a day before this pass — and the gauge says so
    expect(r.lagSeconds).toBeGreaterThan(20 * 60 * 60);
    expect(await counterValue(t.deps.metrics.reconcileLagSeconds)).toBe(r.lagSeconds);
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const txs = sandbox.txs.filter((x) => x.orderId === orderId);
    expect(txs.find((x) => x.id === paid!.transactionId)!.status).toBe('submitted_for_settlement');
    expect(txs.filter((x) => x.id !== paid!.transactionId).map((x) => x.status)).toEqual(['voided']);
  });
});

describe.each(DATABASES)('the charge lease is fenced (%s)', (kind) => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  let skew = 0;
  /** Runs inside the next findByOrderId, after the gateway answered (the search took long). */
  let duringSearch: ((orderId: string) => Promise<void>) | undefined;
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    const base = createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: 2_000 });
    const gateway: PaymentGateway = {
      ...base,
      async findByOrderId(orderId) {
        const found = await base.findByOrderId(orderId);
        const hook = duringSearch;
        duringSearch = undefined;
        await hook?.(orderId);
        return found;
      },
    };
    t = await testApp({ kind, sandboxUrl: sandbox.url, gateway, now: () => new Date(Date.now() + skew) });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('a retry whose lease ran out during its search (another process took it) does not charge: 409, one charge at most', async () => {
    const p = await newParent(t);
    sandbox.state.mode = 'down'; // 503: nothing carried out, the lease ends at once
    expect((await order(t, p.authToken, 'fence-key-0001')).status).toBe(503);
    sandbox.state.mode = 'ok';
    const before = sandbox.state.charges;
    duringSearch = async (orderId) => {
      // the search outlived the lease and another process took the order's lease meanwhile
      skew += chargeLeaseMs(t.deps) + 1_000;
      await t.db
        .update(orders)
        .set({ leaseUntil: new Date(Date.now() + skew + chargeLeaseMs(t.deps)) })
        .where(eq(orders.id, orderId));
    };
    const retry = await order(t, p.authToken, 'fence-key-0001');
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({ code: 'idempotency_in_flight' });
    expect(sandbox.state.charges).toBe(before);
  });

  it('reconciliation reverses an approval of a PAID order other than the one that paid it', async () => {
    const p = await newParent(t);
    const res = await order(t, p.authToken, 'paid-extra-0001');
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    // a second approval for the same order landed (Braintree keeps no orderId uniqueness)
    const extra = await fetch(`${sandbox.url}/v1/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId, amount: '216.00', currencyCode: 'USD', paymentMethodNonce: 'fake-valid-nonce' }),
    });
    expect(extra.status).toBe(200);
    const reversalsBefore = await counterValue(t.deps.metrics.paymentReversalsTotal);
    const r = await reconcileOrders({ ...t.deps, now: () => new Date(Date.now() + skew), inviteRotateAfterMs: 1 });
    expect(r.reversed).toBe(1);
    expect(await counterValue(t.deps.metrics.paymentReversalsTotal)).toBe(reversalsBefore + 1);
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const txs = sandbox.txs.filter((x) => x.orderId === orderId);
    expect(txs.find((x) => x.id === paid!.transactionId)!.status).toBe('submitted_for_settlement');
    expect(txs.filter((x) => x.id !== paid!.transactionId).map((x) => x.status)).toEqual(['voided']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, subscriptions, users } from '../src/db/schema.js';
import { chargeLeaseMs, LATE_CHECK_MAX_BACKOFF_MS, reconcileOrders, startReconciler } from '../src/services/orders.js';
import { issueToken } from '../src/accounts.js';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import type { PaymentGateway } from '../src/gateway/types.js';
import {
  BILLING,
  DATABASES,
  counterValue,
  order,
  signup,
  startFakeSandbox,
  testApp,
  withFakeSandboxApp,
  type FakeSandbox,
  type TestApp,
} from './helpers.js';

let n = 0;
const newParent = (t: TestApp) =>
  signup(t, {
    address: { country: 'US' },
    parent: { firstName: 'Ida', lastName: `Key${++n}`, email: `ida${n}@example.com`, phoneNumber: '2025550101' },
  });

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

  it('DESIGN §4: Idempotency-Key is required', async () => {
    const p = await newParent(t);
    const res = await t.call('orders', {
      method: 'POST',
      token: p.authToken,
      json: { packageId: 2053, paymentMethodNonce: 'fake-valid-nonce' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'idempotency_key_required' });
  });

  it('DESIGN §5 shown = charged: an order without expectedCharge is 400, nothing charged', async () => {
    const p = await newParent(t);
    const before = sandbox.state.charges;
    const res = await t.call('orders', {
      method: 'POST',
      token: p.authToken,
      headers: { 'idempotency-key': 'no-expected-0001' },
      json: { packageId: 2053, paymentMethodNonce: 'fake-valid-nonce', billingAddress: BILLING },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [expect.objectContaining({ field: 'expectedCharge' })] });
    expect(sandbox.state.charges).toBe(before);
  });

  it('DESIGN §5 shown = charged: another amount or currency than the quote is 409 price_changed with the new quote; nothing is charged or ordered, and the key may be sent again with the confirmed amount', async () => {
    const p = await newParent(t);
    const before = sandbox.state.charges;
    // §9 Premium (US, 1 year) is 216: the page showed an older price
    for (const shown of [
      { amount: '199.00', currencyCode: 'USD' },
      { amount: '216.00', currencyCode: 'CAD' },
    ]) {
      const res = await order(t, p.authToken, 'shown-key-0001', { expectedCharge: shown });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: 'price_changed',
        quote: { amount: '216.00', currencyCode: 'USD' },
      });
    }
    expect(sandbox.state.charges).toBe(before);
    expect(await t.db.select().from(orders).where(eq(orders.userId, p.userId))).toEqual([]);
    const confirmed = await order(t, p.authToken, 'shown-key-0001', {
      expectedCharge: { amount: '216.00', currencyCode: 'USD' },
    });
    expect(confirmed.status).toBe(201);
    expect(await confirmed.json()).toMatchObject({ receipt: { amount: 216, currencyCode: 'USD' } });
    expect(sandbox.state.charges - before).toBe(1);
  });

  it('billing address (@ofw/domain checkBillingAddress, the form’s rule): a ZIP the US does not have or no state is 422 naming billingAddress.<field>; nothing is charged or ordered', async () => {
    const p = await newParent(t);
    const before = sandbox.state.charges;
    const res = await order(t, p.authToken, 'bad-zip-key-01', {
      billingAddress: { ...BILLING, region: ' ', postalCode: 'SW1A 1AA' },
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'billingAddress.region' }, { field: 'billingAddress.postalCode' }],
    });
    expect(sandbox.state.charges).toBe(before);
    expect(await t.db.select().from(orders).where(eq(orders.userId, p.userId))).toEqual([]);
  });

  it('billing address: a paid order stores address line 2 (Braintree extendedAddress) and the address written canonically', async () => {
    const p = await newParent(t);
    const res = await order(t, p.authToken, 'line-two-key-01', {
      billingAddress: { ...BILLING, extendedAddress: ' Apt 4B ', region: 'texas', postalCode: '787011234' },
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select({ billingAddress: users.billingAddress }).from(users).where(eq(users.id, p.userId));
    expect(row!.billingAddress).toEqual({
      ...BILLING,
      extendedAddress: 'Apt 4B',
      region: 'TX',
      postalCode: '78701-1234',
    });
  });

  it('DESIGN §4: the same key replays the stored answer; another body with it answers 422', async () => {
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

  it('DESIGN §5: a retried sale answered "nonce already used" (91564) while the search lags is in doubt, never a final failure; reconciliation then records the first sale', async () => {
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

  it('DESIGN §4: a package not offered, or build-your-own services not offered, answer 422 package_unavailable', async () => {
    const p = await newParent(t);
    const pro = await order(t, p.authToken, 'bad-package-01', { packageId: 2 });
    expect(pro.status).toBe(422);
    expect(await pro.json()).toMatchObject({ code: 'package_unavailable' });
    const byo = await order(t, p.authToken, 'bad-package-02', {
      packageId: 2050,
      productId: 20501,
      services: [{ code: 'MYFILES', option: 'NOPE' }],
    });
    expect(byo.status).toBe(422);
  });

  it('§9: pro package A (119.97) is sold in the pro-referred flow only; the regular flow gets 422', async () => {
    // the pro-referred join (§1) needs a professional's referral token; without one it is the regular join
    const referral = await issueToken(t.db, 'pro_referral', {
      data: { proFirstName: 'Jo', proLastName: 'Counsel' },
      now: new Date(),
    });
    const pro = await signup(t, {
      flow: 'pro',
      proReferralToken: referral,
      address: { country: 'US' },
      parent: { firstName: 'Pia', lastName: `Pro${++n}`, email: `pia${n}@example.com`, phoneNumber: '2025550101' },
    });
    const offered = (await (await t.call('packages?currency=USD&flow=pro', { token: pro.authToken })).json()) as {
      packages: { id: number; totalPrice: number }[];
    };
    expect(offered.packages[0]).toMatchObject({ id: 2, totalPrice: 119.97 });
    const paid = await order(t, pro.authToken, 'pro-package-a-01', { packageId: 2 });
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({ receipt: { amount: 119.97, currencyCode: 'USD' } });
    const regular = await newParent(t);
    const refused = await order(t, regular.authToken, 'regular-package-a-1', { packageId: 2 });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'package_unavailable' });
  });

  it('§4 Discount: an auto-applied coupon lowers the charged amount the server computes', async () => {
    const p = await newParent(t);
    // spec §9 Max 2 years 551.76 − the seeded join coupon's 25.00
    const res = await order(t, p.authToken, 'coupon-key-001', {
      packageId: 2056,
      expectedCharge: { amount: '526.76', currencyCode: 'USD' },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { receipt: { amount: number; discountAmount: number } };
    expect(body.receipt).toMatchObject({ amount: 526.76, discountAmount: 25 });
    expect(sandbox.txs.at(-1)!.amount).toBe('526.76');
  });
});

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

  it('DESIGN §5: an approval found for an order that failed days ago is still given back, with a warning', async () => {
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

  it('DESIGN §5: a second approval of an order paid a day ago is given back; a pass says how far behind it is', async () => {
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

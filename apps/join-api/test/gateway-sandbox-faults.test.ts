import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RunningSandbox } from 'payments-sandbox';
import { loadEnv } from '../src/env.js';
import { createGateway } from '../src/gateway/index.js';
import { orders } from '../src/db/schema.js';
import { chargeLeaseMs, reconcileOrders } from '../src/services/orders.js';
import { LEASE_MARGIN_MS } from '../src/services/orders/charge-lease.js';
import { MIN_SALE_TIMEOUT_MS } from '../src/gateway/deadline.js';
import { order, sameDatabaseApp, type TestApp } from './helpers.js';
import { DRIVERS, TIMEOUT_MS, sandboxOrders } from './gateway-sandbox-harness.js';

/*
 * join-api's order path against apps/payments-sandbox (gateway-sandbox-harness.ts) when the gateway fails: answers
 * delayed, dropped or refused, Braintree "Duplicate Transaction Checking", and the deadlines of the defaults. Each fault
 * is followed by a reload; every paid parent ends with one approved transaction and a current subscription.
 */

describe.each(DRIVERS)('orders through apps/payments-sandbox (%s driver)', (driver) => {
  const harness = sandboxOrders(driver);
  const { duplicateFor, parent, cardNonce, approvedFor, fault, simulate, subscribed, pastLease } = harness;
  let t: TestApp;
  let sandbox: RunningSandbox;
  beforeAll(() => {
    ({ t, sandbox } = harness);
  });

  describe('faults, each followed by a reload (a retry with a NEW Idempotency-Key)', () => {
    const expectOnePaid = async (p: { email: string; userId: number }) => {
      await reconcileOrders({ ...t.deps, now: harness.now, inviteRotateAfterMs: 1 });
      expect(approvedFor(p.email)).toHaveLength(1);
      expect(await subscribed(p.userId)).toHaveLength(1);
      const rows = await t.db.select().from(orders).where(eq(orders.userId, p.userId));
      expect(rows.filter((r) => r.status === 'paid')).toHaveLength(1);
      expect(rows.filter((r) => r.status === 'pending')).toHaveLength(0);
    };

    it('the answer delayed past the gateway timeout → 503; the reload waits out the lease and gets the charge that landed', async () => {
      const p = await parent();
      await fault({ delayMs: 3 * TIMEOUT_MS, match: { customerEmail: p.email } });
      const first = await order(t, p.authToken, `${driver}-delay-01`, { paymentMethodNonce: cardNonce() });
      expect(first.status).toBe(503);
      // the reload's request, re-sent as is after a 409 (the browser keeps an in-doubt attempt)
      const again = { paymentMethodNonce: cardNonce() };
      const early = await order(t, p.authToken, `${driver}-delay-02`, again);
      expect(early.status).toBe(409);
      expect(await early.json()).toMatchObject({ code: 'idempotency_in_flight' });
      pastLease();
      const reload = await order(t, p.authToken, `${driver}-delay-02`, again);
      expect(reload.status).toBe(201);
      await expectOnePaid(p);
    });

    it('the answer dropped after the charge → 503; the reload after the lease gets that charge, no second one', async () => {
      const p = await parent();
      await fault({ dropResponseAfterCharge: true, match: { customerEmail: p.email } });
      expect((await order(t, p.authToken, `${driver}-drop-01`, { paymentMethodNonce: cardNonce() })).status).toBe(503);
      pastLease();
      const reload = await order(t, p.authToken, `${driver}-drop-02`, { paymentMethodNonce: cardNonce() });
      expect(reload.status).toBe(201);
      await expectOnePaid(p);
    });

    it('Braintree "Duplicate Transaction Checking" rejects a retried sale of the order at once while its earlier sale (not yet found by search) holds the money: 503 in doubt, never a 402 decline; the order is paid from that sale, once', async () => {
      const p = await parent();
      const attempt = { paymentMethodNonce: cardNonce() };
      await fault({ dropResponseAfterCharge: true, match: { customerEmail: p.email } });
      expect((await order(t, p.authToken, `${driver}-dup-01`, attempt)).status).toBe(503);
      const rows = () => t.db.select().from(orders).where(eq(orders.userId, p.userId));
      // the search index lags behind the sale: past the lease, the retry finds nothing and sells again
      await simulate({ searchLagMs: 600_000 });
      try {
        duplicateFor.add(p.email);
        pastLease();
        const retry = await order(t, p.authToken, `${driver}-dup-01`, attempt);
        expect(duplicateFor.has(p.email)).toBe(false); // Braintree answered the duplicate
        expect(retry.status).toBe(503);
        expect(await retry.json()).toMatchObject({ code: 'payment_gateway_unavailable' });
        expect((await rows()).map((r) => r.status)).toEqual(['pending']);
      } finally {
        await simulate({ searchLagMs: 0 });
      }
      // once the search shows the order's sales, the approved one pays it; the rejected duplicate decides nothing
      pastLease();
      await expectOnePaid(p);
      const again = await order(t, p.authToken, `${driver}-dup-01`, attempt);
      expect(again.status).toBe(201);
      expect(sandbox.store.allTransactions().filter((x) => x.customer.email === p.email)).toHaveLength(2);
    });

    it('a 503 from the gateway carried nothing out → the reload pays at once, once', async () => {
      const p = await parent();
      await fault({ status: 503, match: { customerEmail: p.email } });
      expect((await order(t, p.authToken, `${driver}-503-01`, { paymentMethodNonce: cardNonce() })).status).toBe(503);
      const reload = await order(t, p.authToken, `${driver}-503-02`, { paymentMethodNonce: cardNonce() });
      expect(reload.status).toBe(201);
      await expectOnePaid(p);
    });
  });

  describe('the deadlines of the defaults (GATEWAY_TIMEOUT_MS unset)', () => {
    let slow: TestApp;
    let later = 0;
    beforeAll(async () => {
      // this suite's settings with GATEWAY_TIMEOUT_MS at its default
      const env = { ...t.env, GATEWAY_TIMEOUT_MS: loadEnv({}).GATEWAY_TIMEOUT_MS };
      slow = sameDatabaseApp(t, { env, gateway: await createGateway(env), now: () => new Date(Date.now() + later) });
    });
    /** Every sale of the parent that took money, voided or refunded since included. */
    const charged = (email: string) =>
      sandbox.store
        .allTransactions()
        .filter((x) => x.type === 'sale' && x.customer.email === email && !/declined|rejected|failed/.test(x.status));

    it('braintree_node config.js gives a call 60 s: a sale gets that long before it is in doubt, and the charge lease (derived from the driver) outlives it', () => {
      expect(loadEnv({}).GATEWAY_TIMEOUT_MS).toBe(MIN_SALE_TIMEOUT_MS);
      expect(MIN_SALE_TIMEOUT_MS).toBe(60_000);
      // braintree: the nonce lookup and the sale, 60 s each; sandbox: the sale alone
      expect(slow.deps.gateway.maxChargeMs).toBe((driver === 'braintree' ? 2 : 1) * 60_000);
      expect(chargeLeaseMs(slow.deps)).toBe(slow.deps.gateway.maxChargeMs + LEASE_MARGIN_MS);
      expect(chargeLeaseMs(slow.deps)).toBeGreaterThan(MIN_SALE_TIMEOUT_MS);
    });

    it("a sale Braintree carries out 40 s after it was sent (past a 15 s timeout and its 35 s lease, within the SDK's 60 s) is not charged again by a reload with a new Idempotency-Key: the reload waits, then gets that sale", async () => {
      const p = await parent('US', slow);
      // the answer is lost at once; the sale itself lands 1.5 s later (40 s on join-api's clock below)
      await fault({ landAfterMs: 1_500, match: { customerEmail: p.email } });
      const first = await order(slow, p.authToken, `${driver}-late-01`, { paymentMethodNonce: cardNonce() });
      expect(first.status).toBe(503);
      later += 40_000;
      const again = { paymentMethodNonce: cardNonce() };
      const early = await order(slow, p.authToken, `${driver}-late-02`, again);
      expect(early.status).toBe(409);
      expect(await early.json()).toMatchObject({ code: 'idempotency_in_flight' });
      await vi.waitFor(() => expect(charged(p.email)).toHaveLength(1), { timeout: 10_000, interval: 100 });
      later += chargeLeaseMs(slow.deps);
      const reload = await order(slow, p.authToken, `${driver}-late-02`, again);
      expect(reload.status).toBe(201);
      const [paid] = await slow.db.select().from(orders).where(eq(orders.userId, p.userId));
      expect(paid).toMatchObject({ status: 'paid', transactionId: charged(p.email)[0]!.id });
      expect(charged(p.email)).toHaveLength(1);
    });
  });
});

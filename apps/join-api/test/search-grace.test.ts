import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../src/db/schema.js';
import { chargeLeaseMs, reconcileOrders } from '../src/services/orders.js';
import { DATABASES, order, signup, withFakeSandboxApp, type FakeSandbox, type TestApp } from './helpers.js';

/*
 * A sale shows in the provider's search a little after it was made (Braintree's transaction search is an index). An
 * order whose answer was lost is never failed while its sale could still appear: a search that finds nothing rules a
 * sale out only once the charge lease and ORDER_SEARCH_GRACE_MS have passed since the charge began.
 */

const GRACE_MS = 60_000;

describe.each(DATABASES)('an order is not failed while its sale could still appear in search (%s)', (kind) => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  let skew = 0;
  withFakeSandboxApp(
    kind,
    { now: () => new Date(Date.now() + skew), env: { ORDER_SEARCH_GRACE_MS: String(GRACE_MS) } },
    (s, a) => {
      sandbox = s;
      t = a;
    },
  );
  let n = 0;
  const parent = () =>
    signup(t, {
      address: { country: 'US' },
      parent: { firstName: 'Gia', lastName: `Grace${++n}`, email: `grace${n}@example.com`, phoneNumber: '2025550101' },
    });

  it('a reload with a new key after the lease, while search still lags: in doubt (503), nothing charged again; once search shows the sale it answers the reload — one charge', async () => {
    const p = await parent();
    const before = sandbox.state.charges;
    sandbox.state.mode = 'drop-after-charge';
    expect((await order(t, p.authToken, 'grace-key-0001')).status).toBe(503);
    sandbox.state.mode = 'ok';
    sandbox.state.searchLags = true;
    try {
      skew += chargeLeaseMs(t.deps) + 1_000;
      const reload = await order(t, p.authToken, 'grace-key-0002');
      expect(reload.status).toBe(503);
      expect(sandbox.state.charges - before).toBe(1);
      // the reconciler leaves it pending too
      await reconcileOrders({ ...t.deps, now: () => new Date(Date.now() + skew), inviteRotateAfterMs: 0 });
      const rows = await t.db.select().from(orders).where(eq(orders.userId, p.userId));
      expect(rows.map((r) => r.status)).toEqual(['pending']);
    } finally {
      sandbox.state.searchLags = false;
    }
    skew += chargeLeaseMs(t.deps) + 1_000;
    const later = await order(t, p.authToken, 'grace-key-0002');
    expect(later.status).toBe(201);
    expect(sandbox.state.charges - before).toBe(1);
  });

  it('past the lease and the grace, a search that still finds nothing rules the sale out: the reload charges its own order', async () => {
    const p = await parent();
    const before = sandbox.state.charges;
    sandbox.state.mode = 'down';
    expect((await order(t, p.authToken, 'grace-key-0003')).status).toBe(503);
    sandbox.state.mode = 'ok';
    skew += chargeLeaseMs(t.deps) + GRACE_MS + 1_000;
    const reload = await order(t, p.authToken, 'grace-key-0004');
    expect(reload.status).toBe(201);
    expect(sandbox.state.charges - before).toBe(1);
    const rows = await t.db.select().from(orders).where(eq(orders.userId, p.userId));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'paid']);
  });
});

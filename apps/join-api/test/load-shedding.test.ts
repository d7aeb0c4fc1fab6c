import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import type { PaymentGateway } from '../src/gateway/types.js';
import { LoadShedder } from '../src/lib/load-shedding.js';
import { createMetrics } from '../src/lib/metrics.js';
import { loadEnv } from '../src/env.js';
import {
  BILLING,
  SIGNUP,
  counterValue,
  signup,
  startFakeSandbox,
  testApp,
  type FakeSandbox,
  type TestApp,
} from './helpers.js';

/** Blocks this thread's event loop for `ms` (a CPU-bound handler, a long GC pause). */
function blockEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* busy */
  }
}

/**
 * Overload (README "Overload"; at 40 parents/s the event loop saturated and every request waited 17–25 s,
 * none refused): past its thresholds join-api refuses new work at once — 503 problem+json `overloaded` with
 * Retry-After (RFC 9110 §10.2.3) — and finishes what it admitted; a parent's payment is never refused.
 */
describe('overload sheds instead of melting', () => {
  let sandbox: FakeSandbox;
  let t: TestApp;
  let shedder: LoadShedder;
  let metrics: ReturnType<typeof createMetrics>;
  /** While set, GET /payments/config waits on it (a client token the gateway is slow to mint). */
  let gate: Promise<void> | undefined;
  let open: () => void = () => undefined;
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    const base = createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: 10_000 });
    const gateway: PaymentGateway = {
      ...base,
      async clientAuthorization(currency) {
        await gate;
        return base.clientAuthorization(currency);
      },
    };
    metrics = createMetrics();
    // the in-flight cap alone at first: this suite's own loop lags on a loaded machine (the blocked-loop test sets a
    // delay threshold well above that)
    shedder = new LoadShedder({ maxEventLoopDelayMs: 0, maxInFlight: 2, retryAfterSeconds: 3 }, metrics);
    t = await testApp({ sandboxUrl: sandbox.url, gateway, loadShedder: shedder, metrics });
  });
  afterEach(() => open());
  afterAll(async () => {
    shedder.stop();
    await t.close();
    await sandbox.close();
  });
  const hold = () => {
    gate = new Promise<void>((r) => (open = r));
  };
  const release = () => {
    open();
    gate = undefined;
  };
  async function expectOverloaded(res: Response) {
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toMatchObject({ status: 503, code: 'overloaded', retryAfterSeconds: 3 });
  }

  it('with 2 requests in flight (the cap) the 3rd gets 503 overloaded with Retry-After at once; the 2 admitted complete', async () => {
    const parent = await signup(t);
    hold();
    const admitted = [1, 2].map(() => t.call('payments/config', { token: parent.authToken }));
    await vi.waitFor(() => expect(shedder.inFlight).toBe(2)); // both are waiting for the gateway
    await expectOverloaded(await t.call('packages?currency=USD&flow=join'));
    await expectOverloaded(await t.call('signups', { method: 'POST', json: {} }));
    expect(await counterValue(metrics.shedTotal, { reason: 'in_flight' })).toBe(2);
    release();
    for (const res of await Promise.all(admitted)) expect(res.status).toBe(200);
    expect(shedder.inFlight).toBe(0);
    expect((await t.call('packages?currency=USD&flow=join')).status).toBe(200);
  });

  it('a parent’s payment is admitted past the cap and paid (a parent let into the join is never stopped at the last step)', async () => {
    const parent = await signup(t, {
      flow: 'join',
      address: { country: 'US' },
      parent: { firstName: 'Pay', lastName: 'Er', email: 'payer.shed@example.com', phoneNumber: '2025550143' },
    });
    hold();
    const admitted = [1, 2].map(() => t.call('payments/config', { token: parent.authToken }));
    await vi.waitFor(() => expect(shedder.inFlight).toBe(2));
    const paid = await t.call('orders', {
      method: 'POST',
      token: parent.authToken,
      headers: { 'idempotency-key': 'shed-order-0001' },
      json: {
        packageId: 2053,
        paymentMethodNonce: 'fake-valid-nonce',
        billingAddress: BILLING,
        expectedCharge: { amount: '216.00', currencyCode: 'USD' }, // §9 Premium, 1 year
      },
    });
    expect(paid.status).toBe(201);
    release();
    for (const res of await Promise.all(admitted)) expect(res.status).toBe(200);
  });

  it('POST /orders with an Authorization header or session cookie that is no live session is refused past the cap like any request', async () => {
    const parent = await signup(t, {
      flow: 'join',
      address: { country: 'US' },
      parent: { firstName: 'Not', lastName: 'Payer', email: 'not.payer.shed@example.com', phoneNumber: '2025550143' },
    });
    hold();
    const admitted = [1, 2].map(() => t.call('payments/config', { token: parent.authToken }));
    await vi.waitFor(() => expect(shedder.inFlight).toBe(2));
    const order = (headers: Record<string, string>) =>
      t.call('orders', {
        method: 'POST',
        headers: { 'idempotency-key': 'shed-order-fake-1', ...headers },
        json: { packageId: 2053, paymentMethodNonce: 'fake-valid-nonce', billingAddress: BILLING },
      });
    await expectOverloaded(await order({ authorization: 'Bearer made-up-token-0123456789abcdef' }));
    await expectOverloaded(await order({ authorization: 'Basic x' }));
    await expectOverloaded(await order({ cookie: '__Host-ofw_session=made-up-token-0123456789abcdef' }));
    release();
    for (const res of await Promise.all(admitted)) expect(res.status).toBe(200);
  });

  it('a single stall of the event loop (a long GC pause, the process descheduled) refuses nothing: the requests queued behind it are served', async () => {
    shedder.options.maxInFlight = 0;
    shedder.options.maxEventLoopDelayMs = 1000;
    try {
      await t.call('packages?currency=USD&flow=join'); // sampling runs
      await new Promise((r) => setTimeout(r, 250)); // two quiet windows
      const before = await counterValue(metrics.shedTotal, { reason: 'event_loop_delay' });
      blockEventLoop(1500);
      const queued = await Promise.all([1, 2, 3].map(() => t.call('packages?currency=USD&flow=join')));
      expect(queued.map((r) => r.status)).toEqual([200, 200, 200]);
      await new Promise((r) => setTimeout(r, 120)); // the window holding the stall is complete
      expect((await t.call('packages?currency=USD&flow=join')).status).toBe(200);
      expect(await counterValue(metrics.shedTotal, { reason: 'event_loop_delay' })).toBe(before);
    } finally {
      shedder.options.maxEventLoopDelayMs = 0;
      shedder.options.maxInFlight = 2;
    }
  });

  it('while the event loop stays late past the threshold (two windows in a row) a new request gets 503 overloaded; the one admitted before completes, and once the loop is back requests are admitted', async () => {
    const parent = await signup(t, {
      flow: 'join',
      address: { country: 'US' },
      parent: { firstName: 'Blo', lastName: 'Cked', email: 'blocked.shed@example.com', phoneNumber: '2025550143' },
    });
    hold();
    const admitted = t.call('payments/config', { token: parent.authToken });
    await vi.waitFor(() => expect(shedder.inFlight).toBe(1));
    shedder.options.maxInFlight = 0;
    shedder.options.maxEventLoopDelayMs = 1000;
    try {
      const before = await counterValue(metrics.shedTotal, { reason: 'event_loop_delay' });
      // a loop that cannot keep up: late in one window, and again in the next
      blockEventLoop(1500);
      await new Promise((r) => setTimeout(r, 50)); // the sampling timer, overdue, runs first: a window closes late
      blockEventLoop(1500);
      await new Promise((r) => setTimeout(r, 50)); // and the next one
      await expectOverloaded(await t.call('packages?currency=USD&flow=join'));
      expect(await counterValue(metrics.shedTotal, { reason: 'event_loop_delay' })).toBe(before + 1);
      release();
      expect((await admitted).status).toBe(200);
      // once the loop is back (a sampling window later), requests are admitted again
      await vi.waitFor(() => expect(shedder.eventLoopDelayMs()).toBeLessThan(1000), { timeout: 5000 });
      expect((await t.call('packages?currency=USD&flow=join')).status).toBe(200);
      // the delay is exported for the scraper (seconds, the last window's)
      expect(await counterValue(metrics.eventLoopDelaySeconds)).toBeLessThan(1);
    } finally {
      shedder.options.maxEventLoopDelayMs = 0;
      shedder.options.maxInFlight = 2;
    }
  });

  it('the thresholds come from the env (validated; production defaults 150 ms, 250 ms queue, 200 in flight, Retry-After 2 s; 0 turns one off)', () => {
    const base = { NODE_ENV: 'test', WEB_DIST: '/nowhere' };
    const env = loadEnv(base);
    expect([
      env.LOAD_SHED_EVENT_LOOP_DELAY_MS,
      env.LOAD_SHED_QUEUE_MS,
      env.LOAD_SHED_MAX_IN_FLIGHT,
      env.LOAD_SHED_RETRY_AFTER_SECONDS,
    ]).toEqual([150, 250, 200, 2]);
    expect(() => loadEnv({ ...base, LOAD_SHED_QUEUE_MS: '-5' })).toThrow(/LOAD_SHED_QUEUE_MS/);
    expect(loadEnv({ ...base, LOAD_SHED_MAX_IN_FLIGHT: '0' }).LOAD_SHED_MAX_IN_FLIGHT).toBe(0);
    expect(() => loadEnv({ ...base, LOAD_SHED_MAX_IN_FLIGHT: '-1' })).toThrow(/LOAD_SHED_MAX_IN_FLIGHT/);
    expect(() => loadEnv({ ...base, LOAD_SHED_EVENT_LOOP_DELAY_MS: 'fast' })).toThrow(/LOAD_SHED_EVENT_LOOP_DELAY_MS/);
    expect(() => loadEnv({ ...base, LOAD_SHED_RETRY_AFTER_SECONDS: '0' })).toThrow(/LOAD_SHED_RETRY_AFTER_SECONDS/);
  });
});

/**
 * A queue the event loop does not show (README "Overload"): with PGlite every statement waits for its one connection,
 * with Postgres for a pooled one — the loop stays idle while the requests wait. When every request answered in two
 * windows in a row took longer than the threshold, each waited about that long: new ones are refused.
 */
describe("the requests' own time in the process (a queue the event loop does not show)", () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let shedder: LoadShedder;
  afterEach(() => shedder.stop());

  it('every answer slower than the threshold for two windows → refused (queue); a window of quick answers, or of none, admits again', async () => {
    shedder = new LoadShedder({ maxEventLoopDelayMs: 0, maxInFlight: 0, maxQueueMs: 200, retryAfterSeconds: 2 });
    shedder.start();
    // requests arriving every 25 ms, each waiting 300 ms for the database: answers in every window, all slow
    const slow: Promise<unknown>[] = [];
    for (let i = 0; i < 24; i++) {
      slow.push(shedder.admit(() => sleep(300)));
      await sleep(25);
    }
    expect(shedder.queueMs()).toBeGreaterThan(200);
    expect(shedder.refusal()).toBe('queue');
    await Promise.all(slow);
    // the queue is gone: windows without answers say nothing against new work
    await sleep(250);
    expect(shedder.refusal()).toBeUndefined();
  });

  it('a slow payment (it waits on the gateway) or one slow call among quick ones refuses nothing', async () => {
    shedder = new LoadShedder({ maxEventLoopDelayMs: 0, maxInFlight: 0, maxQueueMs: 200, retryAfterSeconds: 2 });
    shedder.start();
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 24; i++) {
      work.push(shedder.admit(() => sleep(300), false)); // a parent's payment: not timed
      if (i % 4 === 0) work.push(shedder.admit(() => sleep(5))); // the quick calls of other parents
      await sleep(25);
    }
    expect(shedder.queueMs()).toBeLessThan(200);
    expect(shedder.refusal()).toBeUndefined();
    await Promise.all(work);
  });
});

/**
 * The database's own line (README "Overload"): a slow or locked database, an exhausted pool or a long transaction
 * keeps every statement waiting while the event loop stays idle. A probe statement, one per window while requests are
 * in flight, waits in the same line; once the line has stood past the threshold for two windows new work is refused
 * (CoDel's test: above the target for a whole interval — one slow probe refuses nothing).
 */
describe("the database's line, seen by a probe statement", () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let shedder: LoadShedder;
  afterEach(() => shedder.stop());
  /** A database whose next probes wait `waits[i]` ms each (then 1 ms), counting the probes sent. */
  const database = (waits: number[]) => {
    const db = { probes: 0, probe: () => sleep(waits[db.probes++] ?? 1) };
    return db;
  };
  const options = { maxEventLoopDelayMs: 0, maxInFlight: 0, maxDatabaseQueueMs: 50, retryAfterSeconds: 2 };

  it('a probe waiting past the threshold for two windows → refused (database_queue); a quick probe admits again', async () => {
    const db = database([600]);
    shedder = new LoadShedder(options, undefined, db.probe);
    shedder.start();
    const busy = shedder.admit(() => sleep(900)); // requests in flight: the probe runs
    await sleep(480); // the probe sent at the first window (≈ 100 ms) is past 50 ms since ≈ 150 ms
    expect(shedder.databaseQueueMs()).toBeGreaterThanOrEqual(200);
    expect(shedder.refusal()).toBe('database_queue');
    await busy; // the slow probe answered at ≈ 700 ms, a quick one since
    await sleep(150);
    expect(shedder.refusal()).toBeUndefined();
  });

  it('one slow probe between quick ones, or an idle process, refuses nothing and sends no probe', async () => {
    const db = database([1, 80, 1, 1, 1, 1]);
    shedder = new LoadShedder(options, undefined, db.probe);
    shedder.start();
    await sleep(250);
    expect(db.probes).toBe(0); // nothing in flight: no line to measure
    const busy = shedder.admit(() => sleep(700));
    const refusals = new Set<string | undefined>();
    for (let i = 0; i < 28; i++) {
      refusals.add(shedder.refusal());
      await sleep(25);
    }
    await busy;
    expect(db.probes).toBeGreaterThan(2);
    expect([...refusals]).toEqual([undefined]);
  });

  it('production default 50 ms (LOAD_SHED_DATABASE_QUEUE_MS, 0 turns it off), and the app probes its own database', async () => {
    const base = { NODE_ENV: 'test', WEB_DIST: '/nowhere' };
    expect(loadEnv(base).LOAD_SHED_DATABASE_QUEUE_MS).toBe(50);
    expect(loadEnv({ ...base, LOAD_SHED_DATABASE_QUEUE_MS: '0' }).LOAD_SHED_DATABASE_QUEUE_MS).toBe(0);
    expect(() => loadEnv({ ...base, LOAD_SHED_DATABASE_QUEUE_MS: '-1' })).toThrow(/LOAD_SHED_DATABASE_QUEUE_MS/);
    // the app's own shedder: a transaction holding PGlite's one connection is the line the probe waits in
    const t = await testApp({ env: { LOAD_SHED_DATABASE_QUEUE_MS: '50' } });
    let release: () => void = () => undefined;
    const held = t.db.transaction(() => new Promise<void>((r) => (release = r)));
    try {
      const first = t.call('signups', { method: 'POST', json: SIGNUP }); // in flight while the line stands still
      // the first probe goes at the first window (≈ 100 ms), is past 50 ms at ≈ 150 ms; refused from ≈ 350 ms
      await sleep(500);
      const refused = await t.call('packages?currency=USD&flow=join');
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ code: 'overloaded' });
      release();
      await held;
      expect((await first).status).toBe(201);
    } finally {
      release();
      await held;
      await t.close();
    }
  });
});

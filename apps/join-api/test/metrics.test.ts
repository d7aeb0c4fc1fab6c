import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.js';
import { createMetrics, startMetricsServer } from '../src/lib/metrics.js';
import { startOutboxWorker } from '../src/outbox.js';
import { markPaid, counterValue, order, SIGNUP, signup, testApp, withFakeSandboxApp, type TestApp } from './helpers.js';

describe('Prometheus metrics (README "Metrics": what to alert on)', () => {
  let t!: TestApp;
  withFakeSandboxApp('pglite', { env: { RATE_LIMIT_FACTOR: '1' } }, (_, a) => {
    t = a;
  });
  let n = 0;
  const parent = () =>
    signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: `metrics${++n}@example.com`, lastName: `M${n}` } });

  it('join_api_orders_total counts each answer by outcome (paid, declined, payment_method_invalid); a replay is not counted again', async () => {
    const m = t.deps.metrics;
    const p = await parent();
    expect(
      (await order(t, p.authToken, 'metrics-decline', { paymentMethodNonce: 'fake-processor-declined-visa-nonce' }))
        .status,
    ).toBe(402);
    expect((await order(t, p.authToken, 'metrics-unknown', { paymentMethodNonce: 'tokencc_unknown' })).status).toBe(
      422,
    );
    expect((await order(t, p.authToken, 'metrics-paid')).status).toBe(201);
    expect((await order(t, p.authToken, 'metrics-paid')).headers.get('idempotent-replayed')).toBe('true');
    expect(await counterValue(m.ordersTotal, { outcome: 'paid' })).toBe(1);
    expect(await counterValue(m.ordersTotal, { outcome: 'declined' })).toBe(1);
    expect(await counterValue(m.ordersTotal, { outcome: 'payment_method_invalid' })).toBe(1);
  });

  it('join_api_rate_limited_total counts each 429 by rule (orders refused by a limit count as rate_limited outcomes too)', async () => {
    const m = t.deps.metrics;
    const p = await parent();
    const declined = { paymentMethodNonce: 'fake-processor-declined-visa-nonce' };
    for (let i = 0; i < 5; i++) await order(t, p.authToken, `metrics-limit-${i}`, declined);
    expect((await order(t, p.authToken, 'metrics-limit-5', declined)).status).toBe(429);
    expect(await counterValue(m.rateLimitedTotal, { rule: 'order-declines' })).toBe(1);
    expect(await counterValue(m.ordersTotal, { outcome: 'rate_limited' })).toBe(1);
  });

  it('join_api_outbox_pending reads the pending e-mails at scrape time', async () => {
    const m = t.deps.metrics;
    const before = await counterValue(m.outboxPending);
    const p = await parent();
    await markPaid(t.db, p.userId);
    const res = await t.call(`parents/${p.userId}/coparent-email`, {
      method: 'PUT',
      token: p.authToken,
      json: { coParentEmail: `co.metrics${n}@example.com` },
    });
    expect(res.status).toBe(200);
    expect(await counterValue(m.outboxPending)).toBe(before + 1);
  });

  it('the registry holds every join_api_ metric, the reconcile lag gauge included', async () => {
    const text = await t.deps.metrics.registry.metrics();
    for (const name of [
      'join_api_orders_total',
      'join_api_payment_reversals_total',
      'join_api_reconcile_lag_seconds',
      'join_api_outbox_pending',
      'join_api_rate_limited_total',
      'join_api_renewals_total',
      'join_api_renewal_reminders_total',
      'join_api_subscriptions_expiring_30d',
    ])
      expect(text).toContain(`# TYPE ${name} `);
  });

  it('the public port serves no metrics', async () => {
    const res = await t.call('/metrics');
    expect(await res.text()).not.toContain('join_api_');
  });
});

describe('the metrics endpoint: its own port, 127.0.0.1 by default, default process metrics', () => {
  const metrics = createMetrics({ defaultMetrics: true });
  let close: (() => Promise<void>) | undefined;
  afterAll(() => close?.());

  it('METRICS_PORT defaults to 9464 on 127.0.0.1; 0 turns it off', () => {
    expect(loadEnv({})).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    expect(loadEnv({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
  });

  it('GET /metrics answers the Prometheus text format with process metrics; anything else 404', async () => {
    const server = await startMetricsServer(metrics, { port: 0, host: '127.0.0.1' });
    close = server.close;
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('# TYPE join_api_orders_total counter');
    expect((await fetch(`${server.url}/`)).status).toBe(404);
  });
});

describe('/healthz is liveness, /readyz checks the database and the outbox worker', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close().catch(() => undefined);
  });

  it('ready with a database and no worker in this process (outbox off); 503 when the worker stalls', async () => {
    const a = await testApp({});
    apps.push(a);
    const ready = await a.call('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', outbox: 'off' } });
    const stalled = await testApp({ outboxWorker: { healthy: () => false } });
    apps.push(stalled);
    const res = await stalled.call('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'unavailable', checks: { outbox: 'stalled' } });
    expect((await stalled.call('/healthz')).status).toBe(200);
  });

  it('the outbox worker is healthy while its passes complete; stalled when none completed lately; not once stopped', async () => {
    const a = await testApp({});
    apps.push(a);
    const worker = startOutboxWorker({
      db: a.db,
      logger: a.deps.logger,
      mailer: { send: async () => {} },
      from: 'OFW <no-reply@example.com>',
      intervalMs: 1000,
    });
    await worker.runOnce();
    expect(worker.healthy(new Date())).toBe(true);
    // ten minutes without a completed pass (e.g. the database unreachable): max(5 × interval, 60 s) has passed
    expect(worker.healthy(new Date(Date.now() + 10 * 60_000))).toBe(false);
    await worker.stop();
    expect(worker.healthy(new Date())).toBe(false);
  });

  it('503 when the database does not answer, while /healthz stays 200', async () => {
    const a = await testApp({});
    await a.close();
    const res = await a.call('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ checks: { database: 'unavailable' } });
    expect((await a.call('/healthz')).status).toBe(200);
  });
});

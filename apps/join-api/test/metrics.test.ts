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

  it('join_api_outbox_pending_messages reads the pending e-mails at scrape time', async () => {
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
      'join_api_outbox_pending_messages',
      'join_api_rate_limited_total',
      'join_api_renewals_total',
      'join_api_renewal_reminders_total',
      'join_api_expiring_subscriptions',
      'join_api_reconcile_backlog_orders',
      'http_request_duration_seconds',
    ])
      expect(text).toContain(`# TYPE ${name} `);
  });

  /** The registry as Prometheus scrapes it: GET /metrics on the metrics port. */
  async function scrape(): Promise<string> {
    const server = await startMetricsServer(t.deps.metrics, { port: 0, host: '127.0.0.1' });
    try {
      return await (await fetch(`${server.url}/metrics`)).text();
    } finally {
      await server.close();
    }
  }

  it('http_request_duration_seconds: each answer by method, route pattern (never the path: no ids) and status class', async () => {
    const p = await parent();
    const wrong = await t.call(`parents/${p.userId}/credentials`, {
      method: 'PUT',
      token: p.authToken,
      json: { username: `metrics-${p.userId}` },
    });
    expect(wrong.status).toBe(400);
    expect((await t.call('/healthz')).status).toBe(200);
    expect((await t.call(`no-such-route-${p.userId}x7`)).status).toBe(404);
    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const series = (route: string, method: string, cls: string) =>
      `http_request_duration_seconds_count{method="${method}",route="${route}",status_class="${cls}"}`;
    expect(text).toContain(series('/api/v1/parents/:userId/credentials', 'PUT', '4xx'));
    expect(text).toContain(series('/healthz', 'GET', '2xx'));
    expect(text).toContain(series('/api/v1/*', 'GET', '4xx'));
    expect(text).not.toContain(`/parents/${p.userId}/`);
    expect(text).not.toContain(`${p.userId}x7`);
    // from a cached read to a charge that waits on the gateway
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",[^}]*route="\/healthz"/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="30",[^}]*route="\/healthz"/);
  });

  it('every join-api metric name carries its unit: _total on counters, _seconds on times, a counted noun on gauges', async () => {
    // Prometheus "Metric and label naming": a unit suffix, plural; `_total` for an accumulating count
    const types = [...(await scrape()).matchAll(/^# TYPE ((?:join_api|http)_\w+) (\w+)$/gm)].map(([, name, type]) => ({
      name: name!,
      type: type!,
    }));
    expect(types.length).toBeGreaterThan(15);
    const unitless = types.filter(({ name, type }) =>
      type === 'counter'
        ? !name.endsWith('_total')
        : name.endsWith('_total') || !/_(seconds|bytes|ratio|requests|messages|orders|subscriptions)$/.test(name),
    );
    expect(unitless).toEqual([]);
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

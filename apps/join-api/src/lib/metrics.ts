import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client.js';
import { outbox, subscriptions } from '../db/schema.js';

/**
 * join-api's Prometheus metrics (prom-client), one registry per app so that tests read their own (README "Metrics").
 * Reached from the Services context as `s.metrics`.
 */
export interface Metrics {
  registry: Registry;
  /**
   * Every HTTP answer's time (s, from the request's arrival to its answer), by `method`, `route` — the matched route's
   * pattern (`/api/v1/parents/:parentId/credentials`), never the path, so no id becomes a label — and `status_class`
   * (`2xx` … `5xx`). Observed in app.ts `requestContext`.
   */
  httpRequestDurationSeconds: Histogram<'method' | 'route' | 'status_class'>;
  /** `POST /orders` answers, by outcome ({@link orderOutcome}); replays of a stored answer are not counted again. */
  ordersTotal: Counter<'outcome'>;
  /** Approvals given back (voided or refunded) because they could not pay their order; `reason` e.g. `late_approval`. */
  paymentReversalsTotal: Counter<'reason'>;
  /**
   * Seconds since the oldest order still waiting for reconciliation was due (0 when none): set by the reconciler.
   */
  reconcileLagSeconds: Gauge;
  /** E-mails waiting in the outbox (status `pending`; `join_api_outbox_pending_messages`), read at each scrape. */
  outboxPending: Gauge;
  /** 429 `rate_limited` answers, by rule name (`RATE_LIMITS` in lib/rate-limit.ts). */
  rateLimitedTotal: Counter<'rule'>;
  /**
   * Card sales made without a 3D Secure liability shift (docs/PAYMENTS.md "3D Secure policy": the lookup found none
   * possible, so the merchant keeps the liability), by the lookup's 3DS `status`.
   */
  liabilityKeptTotal: Counter<'status'>;
  /** The event loop's delay over the last 100 ms window (s), set by the load shedder (lib/load-shedding.ts). */
  eventLoopDelaySeconds: Gauge;
  /** API requests admitted and not answered yet (lib/load-shedding.ts). */
  inFlightRequests: Gauge;
  /** Requests refused 503 `overloaded` by the load shedder, by `reason` (`event_loop_delay`, `queue`, `in_flight`). */
  shedTotal: Counter<'reason'>;
  /**
   * Subscriptions ended because their money is gone (docs/PAYMENTS-LIFECYCLE.md), by `reason`: `settlement_declined`,
   * `refunded`, `voided`, `dispute_lost`.
   */
  subscriptionsEndedTotal: Counter<'reason'>;
  /** Disputes opened on a sale (the operator was e-mailed). */
  disputesOpenedTotal: Counter;
  /** Braintree webhook deliveries, by `outcome`: `recorded`, `duplicate`, `check`, `refused` (bad or missing signature). */
  webhooksTotal: Counter<'outcome'>;
  /**
   * Paid and failed orders whose late check is due and not done yet (`join_api_reconcile_backlog_orders`; set by the
   * reconciler each pass).
   */
  reconcileBacklog: Gauge;
  /** CSP violations the browsers reported (`POST /api/v1/csp-reports`), by effective `directive` (a bounded set). */
  cspViolationsTotal: Counter<'directive'>;
  /** Renewal charges by `outcome`: `renewed`, `declined`, `ended` (the last retry declined), `in_doubt` (docs/RENEWAL.md). */
  renewalsTotal: Counter<'outcome'>;
  /** Renewal e-mails queued by `kind`: `reminder_30`, `reminder_7`, `expiring_30`, `expiring_7`, `declined`, `ended`, `expired`. */
  renewalRemindersTotal: Counter<'kind'>;
  /**
   * Current subscriptions whose term ends within 30 days (`join_api_expiring_subscriptions`), read from the database
   * at each scrape.
   */
  subscriptionsExpiring30d: Gauge;
  /**
   * Rows housekeeping deleted or cleared (SECURITY.md "Retention of personal data"), by `kind`: `rate_limits`,
   * `idempotency_keys`, `outbox`, `abandoned_joins`, `unclaimed_invitations`, `expired_credentials`, `payment_details`.
   */
  housekeepingPurgedRowsTotal: Counter<'kind'>;
}

/**
 * Creates the registry and join-api's metrics in it. Every name carries its unit (Prometheus "Metric and label
 * naming"): `_total` on counters, `_seconds` on times, and on the other gauges the plural of what they count
 * (`_requests`, `_messages`, `_orders`, `_subscriptions`); test/metrics.test.ts holds every metric to it.
 * @param o.db - where `join_api_outbox_pending_messages` counts pending rows at scrape time (without it the gauge stays 0).
 * @param o.defaultMetrics - also collect prom-client's default process metrics (`process_cpu_seconds_total`,
 *   `nodejs_eventloop_lag_seconds`, heap, GC, …): on in the server, off by default so tests stay light.
 */
export function createMetrics(o: { db?: Db; defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (o.defaultMetrics) collectDefaultMetrics({ register: registry });
  const db = o.db;
  return {
    registry,
    ...httpMetrics(registry),
    ordersTotal: new Counter({
      name: 'join_api_orders_total',
      help: 'POST /orders answers by outcome (paid, declined, payment_method_invalid, in_doubt, rate_limited, refused, error).',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    paymentReversalsTotal: new Counter({
      name: 'join_api_payment_reversals_total',
      help: 'Approvals voided or refunded because they could not pay their order, by reason.',
      labelNames: ['reason'],
      registers: [registry],
    }),
    reconcileLagSeconds: new Gauge({
      name: 'join_api_reconcile_lag_seconds',
      help: 'Seconds since the oldest order waiting for reconciliation was due (0 when none).',
      registers: [registry],
    }),
    outboxPending: new Gauge({
      name: 'join_api_outbox_pending_messages',
      help: 'E-mails waiting in the outbox (status pending).',
      registers: [registry],
      async collect() {
        if (!db) return;
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(outbox)
          .where(sql`${outbox.status} = 'pending'`);
        this.set(row?.n ?? 0);
      },
    }),
    rateLimitedTotal: new Counter({
      name: 'join_api_rate_limited_total',
      help: '429 rate_limited answers by rule.',
      labelNames: ['rule'],
      registers: [registry],
    }),
    liabilityKeptTotal: new Counter({
      name: 'join_api_card_sales_without_liability_shift_total',
      help: 'Card sales made without a 3D Secure liability shift (the merchant keeps the liability), by 3DS status.',
      labelNames: ['status'],
      registers: [registry],
    }),
    eventLoopDelaySeconds: new Gauge({
      name: 'join_api_event_loop_delay_seconds',
      help: 'The event loop delay over the last 100 ms window (the load shedder refuses new work above LOAD_SHED_EVENT_LOOP_DELAY_MS).',
      registers: [registry],
    }),
    inFlightRequests: new Gauge({
      name: 'join_api_in_flight_requests',
      help: 'API requests admitted and not answered yet (the load shedder refuses new work from LOAD_SHED_MAX_IN_FLIGHT).',
      registers: [registry],
    }),
    shedTotal: new Counter({
      name: 'join_api_requests_shed_total',
      help: 'Requests refused 503 overloaded by the load shedder, by reason (event_loop_delay, queue, database_queue, in_flight).',
      labelNames: ['reason'],
      registers: [registry],
    }),
    ...moneyAfterSaleMetrics(registry),
    ...cspMetrics(registry),
    ...renewalMetrics(registry, db),
    housekeepingPurgedRowsTotal: new Counter({
      name: 'join_api_housekeeping_purged_rows_total',
      help: 'Rows housekeeping deleted or cleared of personal data past their retention, by kind.',
      labelNames: ['kind'],
      registers: [registry],
    }),
  };
}

/** The HTTP latency histogram, by method, route pattern (never the raw path) and status class, in `registry`. */
function httpMetrics(registry: Registry): Pick<Metrics, 'httpRequestDurationSeconds'> {
  return {
    httpRequestDurationSeconds: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP answers by method, route pattern and status class: time from the request to its answer.',
      labelNames: ['method', 'route', 'status_class'],
      // from a cached read (ms) to a charge waiting on the gateway (GATEWAY_TIMEOUT_MS, seconds)
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
  };
}

/** The renewal runner's metrics (docs/RENEWAL.md "Metrics"), in `registry`. */
function renewalMetrics(
  registry: Registry,
  db: Db | undefined,
): Pick<Metrics, 'renewalsTotal' | 'renewalRemindersTotal' | 'subscriptionsExpiring30d'> {
  return {
    renewalsTotal: new Counter({
      name: 'join_api_renewals_total',
      help: 'Renewal charges by outcome (renewed, declined, ended, in_doubt).',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    renewalRemindersTotal: new Counter({
      name: 'join_api_renewal_reminders_total',
      help: 'Renewal e-mails queued by kind (reminder_30, reminder_7, expiring_30, expiring_7, declined, ended, expired).',
      labelNames: ['kind'],
      registers: [registry],
    }),
    subscriptionsExpiring30d: new Gauge({
      name: 'join_api_expiring_subscriptions',
      help: 'Current subscriptions whose term ends within the next 30 days.',
      registers: [registry],
      async collect() {
        if (!db) return;
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(subscriptions)
          .where(
            sql`${subscriptions.status} = 'current' and ${subscriptions.expiresAt} > now()
              and ${subscriptions.expiresAt} <= now() + interval '30 days'`,
          );
        this.set(row?.n ?? 0);
      },
    }),
  };
}

/** The metrics of money after the sale (docs/PAYMENTS-LIFECYCLE.md), in `registry`. */
function moneyAfterSaleMetrics(
  registry: Registry,
): Pick<Metrics, 'subscriptionsEndedTotal' | 'disputesOpenedTotal' | 'webhooksTotal' | 'reconcileBacklog'> {
  return {
    subscriptionsEndedTotal: new Counter({
      name: 'join_api_subscriptions_ended_total',
      help: 'Subscriptions ended because their money is gone, by reason (settlement_declined, refunded, voided, dispute_lost).',
      labelNames: ['reason'],
      registers: [registry],
    }),
    disputesOpenedTotal: new Counter({
      name: 'join_api_disputes_opened_total',
      help: 'Disputes opened on a sale (the operator was e-mailed).',
      registers: [registry],
    }),
    webhooksTotal: new Counter({
      name: 'join_api_braintree_webhooks_total',
      help: 'Braintree webhook deliveries by outcome (recorded, duplicate, check, refused).',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    reconcileBacklog: new Gauge({
      name: 'join_api_reconcile_backlog_orders',
      help: 'Paid and failed orders inside the reconciliation window whose check is due and not done yet.',
      registers: [registry],
    }),
  };
}

/** The CSP report endpoint's counter (routes/csp-reports.ts). */
function cspMetrics(registry: Registry): Pick<Metrics, 'cspViolationsTotal'> {
  return {
    cspViolationsTotal: new Counter({
      name: 'join_api_csp_violations_total',
      help: 'Content-Security-Policy violations reported by browsers, by effective directive (other for an unknown one).',
      labelNames: ['directive'],
      registers: [registry],
    }),
  };
}

/**
 * The `outcome` label of a `POST /orders` answer status: 201 `paid`, 402 `declined`, 422 `payment_method_invalid` (or
 * another refusal of the body), 429 `rate_limited`, 503 `in_doubt` (the gateway did not answer), other 4xx `refused`,
 * 5xx `error`. A bounded set, so the series stay few.
 */
export function orderOutcome(status: number, code?: string): string {
  if (status === 201 || status === 200) return 'paid';
  if (status === 402) return 'declined';
  if (status === 422 && code === 'payment_method_expired') return 'payment_method_invalid';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'in_doubt';
  return status < 500 ? 'refused' : 'error';
}

/** A started metrics endpoint: `url` is its origin (`GET /metrics`). */
export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` (Prometheus text format) on its own port, apart from the public one: bind it to 127.0.0.1
 * (the default `METRICS_HOST`) or a private interface the scraper reaches — never the public listener. Anything else
 * answers 404.
 * @throws Error when the port cannot be bound (start-up fails).
 */
export function startMetricsServer(metrics: Metrics, opts: { port: number; host: string }): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      const { address, port, family } = server.address() as AddressInfo;
      const host = family === 'IPv6' ? `[${address}]` : address;
      resolve({
        url: `http://${host}:${port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

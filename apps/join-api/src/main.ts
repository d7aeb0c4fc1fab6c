import { loadEnv, EnvError, redactSmtpUrl, type Env } from './env.js';
import { createLogger, type Logger } from './lib/logger.js';
import { openEnvDatabase, type Db } from './db/client.js';
import { demoBanner, seedDemo, seedReference } from './seed.js';
import { createGateway } from './gateway/index.js';
import { startServer, type RunningServer } from './server.js';
import { gracefulShutdown, shutdownDeadlineMs } from './shutdown.js';
import { startReconciler, type Reconciler } from './services/orders.js';
import { startHousekeeping, type Housekeeping } from './housekeeping.js';
import { startPaymentEventsWorker } from './services/payment-events.js';
import { smtpMailer, startOutboxWorker, type OutboxWorker } from './outbox.js';
import { createMetrics, startMetricsServer, type Metrics, type MetricsServer } from './lib/metrics.js';
import type { AppDeps, Services } from './context.js';
import { startRenewalRunner } from './services/renewal/runner.js';
import { createTestClock, pollTestClock, testClockUrl, type TestClock } from './lib/test-clock.js';

/**
 * join-api entry: validates env, opens the database (PGlite in DATA_DIR or DATABASE_URL), applies
 * migrations, seeds reference and demo data, serves, and on SIGINT/SIGTERM drains and closes everything
 * (shutdown.ts `gracefulShutdown`).
 */
async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openEnvDatabase(env);
  const parts: Parts = {};
  const shutdown = shutdownOf(env, logger, database, parts);
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    await seedReference(database.db);
    const gateway = await createGateway(env);
    parts.deadlineMs = shutdownDeadlineMs(env, gateway);
    const metrics = createMetrics({ db: database.db, defaultMetrics: true });
    // E-mails queued in the outbox (invitations, receipts): delivered beside the requests (outbox.ts, README "Outbox").
    const outboxWorker = env.OUTBOX_POLL_MS > 0 ? startOutbox(env, database.db, logger) : undefined;
    parts.outboxWorker = outboxWorker;
    const clock = await developmentClock(env, logger); // never in production: real time + the sandbox's offset
    const now = clock ? () => clock.now() : () => new Date();
    const deps: AppDeps = {
      db: database.db,
      env,
      gateway,
      logger,
      metrics,
      now,
      ...(outboxWorker ? { outboxWorker } : {}),
    };
    const services = { ...deps, metrics, now, inviteRotateAfterMs: 24 * 60 * 60 * 1000 };
    // Braintree's webhooks and the refunds/voids the reconciler finds, handled by state (docs/PAYMENTS-LIFECYCLE.md)
    const paymentEvents = (parts.paymentEvents = startPaymentEventsWorker(services, env.PAYMENT_EVENTS_POLL_MS));
    deps.paymentEvents = paymentEvents;
    parts.server = await startServer(deps, {
      port: env.PORT,
      hostname: env.HOST,
      timeouts: {
        headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
        requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
        keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      },
    });
    console.log(`join-api listening on ${env.PUBLIC_URL} (${databaseText(env, database.kind)})`);
    // Prometheus metrics on their own port, never the public one (README "Metrics"); METRICS_PORT=0: none
    if (env.METRICS_PORT > 0) {
      parts.metricsServer = await startMetricsServer(metrics, { port: env.METRICS_PORT, host: env.METRICS_HOST });
      console.log(`join-api metrics on ${parts.metricsServer.url}/metrics`);
    }
    if (env.SEED_DEMO === 'true') {
      const links = await seedDemo(database.db, env.PUBLIC_URL);
      console.log(demoBanner(links, env.NODE_ENV === 'production'));
    }
    if (env.HOUSEKEEPING_INTERVAL_MS > 0) {
      parts.housekeeping = startHousekeepingOf(env, { db: database.db, logger, metrics });
    }
    // Orders left in doubt, and late approvals of failed orders: now and every RECONCILE_INTERVAL_MS (orders.ts).
    parts.reconciler = startReconciler({ ...services, paymentEvents }, env.RECONCILE_INTERVAL_MS);
    // reminders, renewals and lapsed terms (docs/RENEWAL.md): now and every RENEWAL_INTERVAL_MS
    parts.renewals = startRenewals(services, env, clock);
    if (outboxWorker) {
      console.log(
        `join-api e-mail: outbox delivered through ${redactSmtpUrl(env.SMTP_URL)} every ${env.OUTBOX_POLL_MS} ms`,
      );
    }
  } catch (e) {
    if (e instanceof EnvError) console.error(e.message);
    else logger.error({ err: String((e as Error).stack ?? e) }, 'start-up failed');
    await shutdown('startup-failure', 1);
  }
}

/**
 * Housekeeping every `HOUSEKEEPING_INTERVAL_MS` (housekeeping.ts): an account with an order inside the reconciler's
 * window (`RECONCILE_WINDOW_DAYS`) is never an abandoned join.
 */
function startHousekeepingOf(env: Env, o: { db: Db; logger: Logger; metrics: Metrics }): Housekeeping {
  return startHousekeeping({
    ...o,
    intervalMs: env.HOUSEKEEPING_INTERVAL_MS,
    reconcileWindowMs: env.RECONCILE_WINDOW_DAYS * 24 * 60 * 60 * 1000,
  });
}

/** What main started, for the shutdown (each absent until started). */
interface Parts {
  server?: RunningServer;
  deadlineMs?: number;
  housekeeping?: Housekeeping;
  reconciler?: Reconciler;
  paymentEvents?: ReturnType<typeof startPaymentEventsWorker>;
  outboxWorker?: OutboxWorker;
  metricsServer?: MetricsServer;
  renewals?: { stop(): Promise<void> };
}

/**
 * The process's shutdown, once (README "Timeouts and shutdown", shutdown.ts `gracefulShutdown`): the server drains —
 * `/readyz` 503, `SHUTDOWN_GRACE_MS` of new connections, in-flight requests to their end within the deadline —, then
 * the metrics server and the jobs stop, the outbox last, and the database closes. A failed start-up (`code` 1) has
 * no requests to wait for.
 */
function shutdownOf(env: Env, logger: Logger, database: { close(): Promise<void> }, parts: Parts) {
  let closing = false;
  return async (signal: string, code = 0) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await gracefulShutdown({
      server: code === 0 ? parts.server : undefined,
      graceMs: env.SHUTDOWN_GRACE_MS,
      deadlineMs: parts.deadlineMs ?? 0,
      jobs: [
        { name: 'metrics', stop: async () => parts.metricsServer?.close() },
        { name: 'housekeeping', stop: async () => parts.housekeeping?.stop() },
        { name: 'reconciler', stop: async () => parts.reconciler?.stop() },
        { name: 'renewals', stop: async () => parts.renewals?.stop() },
        { name: 'payment-events', stop: async () => parts.paymentEvents?.stop() },
        { name: 'outbox', stop: async () => parts.outboxWorker?.stop() },
      ],
      database,
      logger,
    });
    await parts.server?.close().catch(() => undefined);
    process.exit(code);
  };
}

/** Where the data lives and which payments driver runs, for the start-up line. */
function databaseText(env: Env, kind: 'pglite' | 'postgres'): string {
  const where =
    kind === 'pglite'
      ? `PGlite ${env.DATA_DIR}${env.PGLITE_WORKER ? ' (worker thread)' : ''}`
      : 'Postgres (DATABASE_URL)';
  return `database: ${where}; payments: ${env.PAYMENTS_DRIVER}`;
}

/** The development test clock, read once (lib/test-clock.ts: never in production, never on a real gateway). */
async function developmentClock(env: Env, logger: Logger): Promise<TestClock | undefined> {
  const url = testClockUrl(env);
  if (!url) return undefined;
  const clock = createTestClock({ url, logger, apiKey: env.SANDBOX_API_KEY });
  await clock.sync();
  console.log(`join-api test clock: ${url} (offset ${clock.offsetMs} ms)`);
  return clock;
}

/**
 * The renewal runner (RENEWAL_INTERVAL_MS; 0: none in this process), syncing the test clock before each pass and
 * kicked when the clock moves, so an advanced clock is followed within TEST_CLOCK_POLL_MS.
 */
function startRenewals(
  services: Services,
  env: Env,
  clock: TestClock | undefined,
): { stop(): Promise<void> } | undefined {
  if (env.RENEWAL_INTERVAL_MS <= 0) return undefined;
  const runner = startRenewalRunner(services, env.RENEWAL_INTERVAL_MS, async () => void (await clock?.sync()));
  const poll = clock ? pollTestClock(clock, env.TEST_CLOCK_POLL_MS, () => runner.kick()) : undefined;
  return {
    async stop() {
      poll?.stop();
      await runner.stop();
    },
  };
}

/** The outbox's delivery loop as the environment configures it (SMTP_URL, MAIL_FROM, OUTBOX_* settings). */
function startOutbox(env: Env, db: Db, logger: Logger): OutboxWorker {
  return startOutboxWorker({
    db,
    logger,
    mailer: smtpMailer(env.SMTP_URL),
    from: env.MAIL_FROM,
    intervalMs: env.OUTBOX_POLL_MS,
    backoffMs: env.OUTBOX_BACKOFF_MS,
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
  });
}

void main();

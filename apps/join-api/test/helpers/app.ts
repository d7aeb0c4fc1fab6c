import { Writable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadEnv, type Env } from '../../src/env.js';
import { seedReference } from '../../src/seed.js';
import { createLogger } from '../../src/lib/logger.js';
import { createSandboxGateway } from '../../src/gateway/sandbox.js';
import type { PaymentGateway } from '../../src/gateway/types.js';
import type { AppDeps } from '../../src/context.js';
import { createMetrics, type Metrics } from '../../src/lib/metrics.js';
import { freshDatabase } from './database.js';
import { startFakeSandbox, type FakeSandbox } from './fake-sandbox.js';

/** Captured log lines of a test app. */
export class LogSink extends Writable {
  lines: Record<string, unknown>[] = [];
  raw = '';
  override _write(chunk: Buffer, _enc: string, cb: () => void) {
    const text = chunk.toString();
    this.raw += text;
    for (const line of text.split('\n').filter(Boolean)) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    cb();
  }
}

/** A join-api app over a fresh seeded database and the given sandbox. */
export async function testApp(opts: {
  kind?: 'pglite' | 'postgres';
  sandboxUrl?: string;
  gateway?: PaymentGateway;
  env?: Record<string, string>;
  now?: () => Date;
  inviteRotateAfterMs?: number;
  outboxWorker?: AppDeps['outboxWorker'];
  loadShedder?: AppDeps['loadShedder'];
  metrics?: Metrics;
  /** PGlite in a worker thread (src/db/pglite-worker.ts) instead of on the suite's thread. */
  pgliteWorker?: boolean;
}) {
  const database = await freshDatabase(opts.kind ?? 'pglite', opts.pgliteWorker);
  await seedReference(database.db);
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    SANDBOX_URL: opts.sandboxUrl ?? 'http://127.0.0.1:9',
    // Generous: on a loaded 2-core CI machine a 2 s budget can expire before the charge reaches the fake gateway.
    GATEWAY_TIMEOUT_MS: '10000',
    // a search that finds nothing after the lease rules a sale out at once here; test/search-grace.test.ts covers the
    // production grace (the provider's search index lags behind its sales)
    ORDER_SEARCH_GRACE_MS: '0',
    LOG_LEVEL: 'info',
    RATE_LIMIT_FACTOR: '100',
    WEB_DIST: '/nonexistent-web-dist',
    // the suite's own event loop lags on a loaded machine (PGlite runs on it): only test/load-shedding.test.ts sheds
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    LOAD_SHED_QUEUE_MS: '0',
    LOAD_SHED_DATABASE_QUEUE_MS: '0',
    ...opts.env,
  });
  const logs = new LogSink();
  const gateway = opts.gateway ?? createSandboxGateway({ baseUrl: env.SANDBOX_URL, timeoutMs: env.GATEWAY_TIMEOUT_MS });
  const deps: AppDeps & { metrics: Metrics } = {
    db: database.db,
    metrics: opts.metrics ?? createMetrics({ db: database.db }),
    env,
    gateway,
    logger: createLogger('info', logs),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.inviteRotateAfterMs !== undefined ? { inviteRotateAfterMs: opts.inviteRotateAfterMs } : {}),
    ...(opts.outboxWorker ? { outboxWorker: opts.outboxWorker } : {}),
    ...(opts.loadShedder ? { loadShedder: opts.loadShedder } : {}),
  };
  const app = createApp(deps);
  return { app, database, db: database.db, env, logs, deps, call: caller(app), close: () => database.close() };
}

/**
 * Calls `app` in-process (`path` relative to `/api/v1` unless it starts with `/`); always a Promise. `address` is
 * the socket's remote address (the client join-api's rate limits see; none by default).
 */
function caller(app: ReturnType<typeof createApp>) {
  return (path: string, init: RequestInit & { json?: unknown; token?: string; address?: string } = {}) => {
    const { json, token, address, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set('content-type', 'application/json');
    if (token) headers.set('authorization', `Bearer ${token}`);
    return Promise.resolve(
      app.request(
        path.startsWith('/') ? path : `/api/v1/${path}`,
        { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) },
        address ? { incoming: { socket: { remoteAddress: address } } } : undefined,
      ),
    );
  };
}

export type TestApp = Awaited<ReturnType<typeof testApp>>;

/**
 * A second join-api app over `t`'s database and logs with some dependencies replaced (another gateway, clock or env):
 * no second database to create and seed. Closing it leaves `t`'s database open.
 */
export function sameDatabaseApp(t: TestApp, deps: Partial<AppDeps>): TestApp {
  const replaced = { ...t.deps, ...deps };
  const app = createApp(replaced);
  return { ...t, app, deps: replaced, env: replaced.env, call: caller(app), close: () => Promise.resolve() };
}

/**
 * Registers beforeAll/afterAll of a describe block: a fake sandbox and a test app on it (fresh database of `kind`),
 * handed to `ready`; both are closed after the block.
 */
export function withFakeSandboxApp(
  kind: 'pglite' | 'postgres',
  opts: Omit<Parameters<typeof testApp>[0], 'kind' | 'sandboxUrl'>,
  ready: (sandbox: FakeSandbox, t: TestApp) => void,
): void {
  let sandbox: FakeSandbox | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    t = await testApp({ ...opts, kind, sandboxUrl: sandbox.url });
    ready(sandbox, t);
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });
}

/** The value of a prom-client counter or gauge: the series with `labels` (every label given must match), summed. */
export async function counterValue(
  metric: { get(): Promise<{ values: { value: number; labels: Record<string, unknown> }[] }> },
  labels: Record<string, string> = {},
): Promise<number> {
  const { values } = await metric.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
    .reduce((n, v) => n + v.value, 0);
}

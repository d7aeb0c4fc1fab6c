import { Writable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { termEnd } from '@ofw/domain';
import { createApp } from '../src/app.js';
import { loadEnv, type Env } from '../src/env.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { seedReference } from '../src/seed.js';
import { createLogger } from '../src/lib/logger.js';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import type { PaymentGateway } from '../src/gateway/types.js';
import type { AppDeps } from '../src/context.js';
import { createMetrics, type Metrics } from '../src/lib/metrics.js';
import type { Db } from '../src/db/client.js';
import { orders, outbox, subscriptions, users } from '../src/db/schema.js';
import { and, desc, eq } from 'drizzle-orm';
import { BILLING_ADDRESSES } from '@ofw/test-kit/fixtures';
import { specCharge } from './spec-prices.js';

/** Which databases the suite runs on: PGlite always, Postgres too when TEST_DATABASE_URL is set. */
export const DATABASES: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh database: in-memory PGlite (on this thread, or in a worker thread with `pgliteWorker`), or a new throw-away
 * database on TEST_DATABASE_URL's server.
 */
export async function freshDatabase(
  kind: 'pglite' | 'postgres',
  pgliteWorker = false,
): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://', pgliteWorker });
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `join_api_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    ...db,
    // another instance's pool on the same database (several app instances behind one load balancer)
    url: url.toString(),
    async close() {
      await db.close();
      const a = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

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

// ------------------------------------------------------------------ fake sandbox (docs/CONTRACTS.md API)

interface FakeTx {
  id: string;
  orderId: string;
  amount: string;
  status: string;
  processorResponseCode: string;
  processorResponseText: string;
  gatewayRejectionReason?: string;
  creditCard: { cardType: string; last4: string; bin: string };
}

/**
 * A stand-in for apps/payments-sandbox's server API with fault injection:
 * `mode = 'drop-after-charge'` charges then destroys the connection (the answer is lost);
 * `mode = 'down'` answers 503 without charging.
 */
export async function startFakeSandbox() {
  const txs: FakeTx[] = [];
  const state = {
    mode: 'ok' as 'ok' | 'drop-after-charge' | 'down',
    delayMs: 0,
    /** Sale requests received (counted on arrival, before `delayMs`): a charge is in flight once this moves. */
    received: 0,
    charges: 0,
    gate: undefined as Promise<void> | undefined,
    /** Braintree's search index lags behind sales: while true, lookups by orderId list nothing. */
    searchLags: false,
  };
  const app = new Hono();
  const NONCES: Record<string, Partial<FakeTx> & { reject?: string }> = {
    'fake-valid-nonce': {
      status: 'submitted_for_settlement',
      processorResponseCode: '1000',
      processorResponseText: 'Approved',
      creditCard: { cardType: 'Visa', last4: '1111', bin: '411111' },
    },
    'fake-valid-mastercard-nonce': {
      status: 'submitted_for_settlement',
      processorResponseCode: '1000',
      processorResponseText: 'Approved',
      creditCard: { cardType: 'MasterCard', last4: '4444', bin: '555555' },
    },
    'fake-processor-declined-visa-nonce': {
      status: 'processor_declined',
      processorResponseCode: '2000',
      processorResponseText: 'Do Not Honor',
      creditCard: { cardType: 'Visa', last4: '1115', bin: '400011' },
    },
    'fake-gateway-rejected-fraud-nonce': {
      status: 'gateway_rejected',
      processorResponseCode: '',
      processorResponseText: 'Unknown',
      gatewayRejectionReason: 'fraud',
      creditCard: { cardType: 'Visa', last4: '0002', bin: '400000' },
    },
    'fake-luhn-invalid-nonce': { reject: 'Credit card number is invalid.' },
  };
  /** Single-use nonces issued by {@link issueNonce} (approved Visa); `true` once consumed. */
  const singleUse = new Map<string, boolean>();
  let issued = 0;
  const issueNonce = () => {
    const nonce = `tokencc_fake_${++issued}`;
    singleUse.set(nonce, false);
    return nonce;
  };
  app.post('/v1/transactions', async (c) => {
    const body = await c.req.json<{ orderId: string; amount: string; paymentMethodNonce: string }>();
    state.received++;
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    // a held charge is carried out only when the test opens the gate (a charge that lands after the caller gave up)
    if (state.gate) await state.gate;
    if (state.mode === 'down') return c.json({ error: { code: 'unavailable', message: 'down' } }, 503);
    // Like Braintree: no deduplication on orderId — every call is a new transaction; tokenized nonces are single-use,
    // Braintree's fake-… test nonces reusable.
    let n = NONCES[body.paymentMethodNonce];
    if (singleUse.has(body.paymentMethodNonce)) {
      if (singleUse.get(body.paymentMethodNonce))
        return c.json({ error: { code: '91564', message: 'Cannot use a payment_method_nonce more than once.' } }, 422);
      singleUse.set(body.paymentMethodNonce, true);
      n = NONCES['fake-valid-nonce'];
    }
    if (!n || n.reject)
      return c.json(
        { error: { code: '91565', message: n?.reject ?? 'Unknown or expired payment_method_nonce.' } },
        422,
      );
    const tx = { id: `tx${txs.length + 1}`, orderId: body.orderId, amount: body.amount, ...n } as FakeTx;
    txs.push(tx);
    if (tx.status !== 'processor_declined' && tx.status !== 'gateway_rejected') state.charges++;
    if (state.mode === 'drop-after-charge') {
      const incoming = (c.env as { incoming: { socket: { destroy(): void } } }).incoming;
      incoming.socket.destroy();
      return new Promise<Response>(() => undefined);
    }
    return c.json({ transaction: tx });
  });
  app.post('/v1/transactions/:id/void', (c) => {
    if (state.mode === 'down') return c.json({ error: { code: 'unavailable', message: 'down' } }, 503);
    const tx = txs.find((t) => t.id === c.req.param('id'));
    if (!tx) return c.json({ error: { code: 'not_found', message: 'none' } }, 404);
    if (tx.status !== 'submitted_for_settlement' && tx.status !== 'authorized')
      return c.json(
        { error: { code: '91504', message: 'Transaction can only be voided if status is authorized.' } },
        422,
      );
    tx.status = 'voided';
    state.charges--;
    return c.json({ transaction: tx });
  });
  // Braintree's clientToken.generate(): a base64 JSON client token per call (docs/CONTRACTS.md "Sandbox server API").
  const clientTokens: string[] = [];
  app.post('/v1/client_token', (c) => {
    if (state.mode === 'down') return c.json({ error: { code: 'unavailable', message: 'down' } }, 503);
    const payload = {
      version: 2,
      authorizationFingerprint: `fake.${randomBytes(8).toString('hex')}`,
      environment: 'sandbox',
    };
    const clientToken = Buffer.from(JSON.stringify(payload)).toString('base64');
    clientTokens.push(clientToken);
    return c.json({ clientToken });
  });
  app.get('/v1/transactions', (c) => {
    if (state.mode === 'down') return c.json({ error: { code: 'unavailable', message: 'down' } }, 503);
    const list = state.searchLags ? [] : txs.filter((t) => t.orderId === c.req.query('orderId'));
    const t = list.find((x) => x.status === 'submitted_for_settlement') ?? list.at(-1);
    return t
      ? c.json({ transaction: t, transactions: list })
      : c.json({ error: { code: 'not_found', message: 'none' } }, 404);
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    txs,
    clientTokens,
    state,
    issueNonce,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        (server as unknown as { closeAllConnections(): void }).closeAllConnections();
      }),
  };
}

export type FakeSandbox = Awaited<ReturnType<typeof startFakeSandbox>>;

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

export const SIGNUP = {
  flow: 'join',
  languageLocale: 'en-US',
  address: { country: 'US' },
  parent: {
    firstName: 'Pat',
    lastName: 'Parent',
    email: 'pat@example.com',
    phoneCountryCode: '+1',
    phoneNumber: '2025550143',
    timeZone: 'America/Chicago',
  },
};

/** The US billing address orders are sent with (@ofw/test-kit's, shared with the other workspaces' tests). */
export const BILLING = BILLING_ADDRESSES.US;

let signups = 0;

/**
 * POST /signups, then the address marked proven ({@link markProven}; `proveEmail` proves it through the API,
 * docs/IDENTITY.md) unless `prove` is false — so that limits and statements counted by a test stay its own. The default body gets an address of its own per call
 * (`pat+<n>@example.com`): one proven address pays for one subscription.
 */
export async function signup(t: TestApp, body: unknown = SIGNUP, o: { prove?: boolean } = {}) {
  const json =
    body === SIGNUP ? { ...SIGNUP, parent: { ...SIGNUP.parent, email: `pat+${++signups}@example.com` } } : body;
  const res = await t.call('signups', { method: 'POST', json });
  if (res.status !== 201) throw new Error(`signup failed ${res.status} ${await res.text()}`);
  const answer = (await res.json()) as {
    signupId: string;
    registrationKey: string;
    authToken: string;
    userId: number;
    emailVerified: boolean;
  };
  if (o.prove !== false && !answer.emailVerified) await markProven(t.db, answer.userId);
  return answer;
}

/** The clear code of the last code e-mail queued for `userId`'s address (the outbox row holds it until sent). */
export async function lastEmailCode(t: TestApp, userId: number): Promise<string> {
  const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const [row] = await t.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, 'email_code'), eq(outbox.recipient, user!.email)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return (row!.payload as { code: string }).code;
}

/** Proves a parent's address through the API: a code sent, read from the outbox, entered. */
export async function proveEmail(t: TestApp, p: { userId: number; authToken: string }): Promise<void> {
  const sent = await t.call(`parents/${p.userId}/email-code`, { method: 'POST', token: p.authToken });
  if (sent.status !== 200) throw new Error(`email-code failed ${sent.status} ${await sent.text()}`);
  const code = await lastEmailCode(t, p.userId);
  const res = await t.call(`parents/${p.userId}/email-verification`, {
    method: 'POST',
    token: p.authToken,
    json: { code },
  });
  if (res.status !== 200) throw new Error(`email-verification failed ${res.status} ${await res.text()}`);
}

/**
 * POST /orders as the page sends it: unless `body` names its own `expectedCharge`, it carries the literal spec §9 price
 * of its package (test/spec-prices.ts: what a page showed for a first purchase, docs/PAYMENTS.md "Shown = charged") — never
 * the server's own quote. A package the table does not price gets a placeholder, and the server's own refusal (an
 * unknown package) or 409 price_changed: a test of a coupon, an upgrade or build-your-own options states its charge.
 */
export async function order(
  t: TestApp,
  token: string,
  key: string,
  body: Record<string, unknown> = {},
  address?: string,
) {
  const json: Record<string, unknown> = {
    packageId: 2053,
    paymentMethodNonce: 'fake-valid-nonce',
    billingAddress: BILLING,
    ...body,
  };
  if (!('expectedCharge' in body)) {
    if ('couponCode' in body)
      throw new Error('order(): a coupon changes the charge (spec §4 "Discount"): state expectedCharge');
    json.expectedCharge = specCharge(json.packageId) ?? { amount: '0.00', currencyCode: 'USD' };
  }
  return t.call('orders', {
    method: 'POST',
    token,
    ...(address ? { address } : {}),
    headers: { 'idempotency-key': key },
    json,
  });
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

/**
 * join-api's settings for Braintree's `Development` environment on a gateway at 127.0.0.1:`port` (apps/payments-sandbox's
 * Braintree gateway API, docs/PAYMENTS.md): its merchant, keys and one merchant account per catalogue currency.
 */
export function braintreeDevEnv(port: number, driver: 'braintree' | 'sandbox' = 'braintree'): Record<string, string> {
  return {
    PAYMENTS_DRIVER: driver,
    BRAINTREE_ENVIRONMENT: 'Development',
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: String(port),
    GATEWAY_SSL: 'false',
    BRAINTREE_MERCHANT_ID: 'ofw_sandbox',
    BRAINTREE_PUBLIC_KEY: 'sandbox_public_key',
    BRAINTREE_PRIVATE_KEY: 'sandbox_private_key',
    BRAINTREE_MERCHANT_ACCOUNTS: 'USD:ofw_usd,GBP:ofw_gbp,CAD:ofw_cad,AUD:ofw_aud,NZD:ofw_nzd',
  };
}

/** A production environment that passes every rule (SECURITY.md "Production by default", src/env-production.ts). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PAYMENTS_DRIVER: 'braintree',
  BRAINTREE_ENVIRONMENT: 'Production',
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
  BRAINTREE_MERCHANT_ACCOUNTS: 'USD:a,GBP:b,CAD:c,AUD:d,NZD:e',
  PUBLIC_URL: 'https://join.example',
  SMTP_URL: 'smtps://user:pass@mail.example:465',
  MAIL_FROM: 'OurFamilyWizard <no-reply@ourfamilywizard.com>',
  DATABASE_URL: 'postgres://join:secret@db.internal:5432/join?sslmode=verify-full',
  TRUSTED_PROXIES: '10.0.0.0/8',
  OPS_EMAIL: 'payments-ops@ourfamilywizard.example',
  SELLER_NAME: 'OurFamilyWizard Ltd',
  SELLER_ADDRESS: '1 Example Street, London EC1A 1AA, United Kingdom',
  SELLER_VAT_NUMBER: 'GB123456789',
  RECEIPT_LINK_SECRET: 'production-receipt-link-secret-0123456789abcdef',
};

/**
 * Records a paid order and its current subscription for `userId` straight in the database: for tests of steps that
 * need a paid parent (the co-parent answer) but not the payment itself.
 */
export async function markPaid(db: Db, userId: number, now = new Date()): Promise<void> {
  const id = `ord_test_${userId}_${randomBytes(4).toString('hex')}`;
  await db.insert(orders).values({
    id,
    userId,
    idempotencyKey: `test-paid-${id}`,
    packageId: 2051,
    currency: 'USD',
    amountMinor: 14999,
    status: 'paid',
    gateway: 'sandbox',
  });
  const expiresAt = termEnd(now, 1, 'America/Chicago'); // SIGNUP's zone
  await db
    .insert(subscriptions)
    .values({ userId, orderId: id, packageId: 2051, status: 'current', startsAt: now, expiresAt });
}

/**
 * Marks `userId`'s address proven straight in the database (docs/IDENTITY.md): for tests of later steps (payment,
 * invitations) that are not about the proof itself; `proveEmail` proves it through the API.
 */
export async function markProven(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
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

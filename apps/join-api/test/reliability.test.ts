import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pg from 'pg';
import { and, eq, sql } from 'drizzle-orm';
import { families, orders, securityAnswers, subscriptions, users } from '../src/db/schema.js';
import { chargeLeaseMs } from '../src/services/orders.js';
import { createApp } from '../src/app.js';
import { createLogger } from '../src/lib/logger.js';
import {
  LogSink,
  SIGNUP,
  order,
  signup,
  startFakeSandbox,
  testApp,
  type FakeSandbox,
  type TestApp,
} from './helpers.js';

/*
 * reliability, beside fuzz.test.ts: fuzzed web paths, headers and body sizes; the database connection
 * killed in the middle of a signup, a registration step and an order (Postgres only); 100 000 distinct
 * Accept-Language tags and the heap. With RELIABILITY_FIGURES_FILE set, the figures are written there as JSON
 * (bench/reliability.mjs prints them in `pnpm bench`).
 */
const figures: Record<string, number> = {};
afterAll(() => {
  const file = process.env.RELIABILITY_FIGURES_FILE;
  if (file) fs.writeFileSync(file, JSON.stringify(figures));
});

/** `global.gc`, exposed at run time (no --expose-gc needed on the command line). */
function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/*
 * GET /join/countries reduces Accept-Language to a locale and formats the country list through the same bounded
 * cache as GET /countries (reference.ts countryOptions), at a sixth of its cost (6 rows instead of ~250).
 */
describe('100 000 distinct Accept-Language tags do not grow the heap', () => {
  let t!: TestApp;
  let app!: ReturnType<typeof createApp>;
  /** Warnings and errors only: the test sink keeps every line it gets, which would be the heap growth measured. */
  const warnings = new LogSink();
  beforeAll(async () => {
    t = await testApp({ env: { RATE_LIMIT_FACTOR: '100000' } });
    app = createApp({ ...t.deps, logger: createLogger('warn', warnings) });
  });
  afterAll(() => t.close());

  it('100 000 requests with distinct Accept-Language tags grow the heap by less than 50 MB', async () => {
    const gc = exposeGc();
    const tag = (n: number) => {
      const id = n.toString(36);
      switch (n % 5) {
        case 0:
          return `en-x-${id}`;
        case 1:
          return `es-MX-u-nu-${id.padStart(3, '0')}`;
        case 2:
          return `fr-CA-x-${id}, en;q=0.5`;
        case 3:
          return `de-DE-${id.padStart(5, '0')}`;
        default:
          return `x-${id}`;
      }
    };
    const send = async (from: number, count: number) => {
      const batch = 200;
      for (let i = from; i < from + count; i += batch) {
        const answers = await Promise.all(
          Array.from({ length: Math.min(batch, from + count - i) }, (_, k) =>
            Promise.resolve(app.request('/api/v1/join/countries', { headers: { 'accept-language': tag(i + k) } })),
          ),
        );
        for (const r of answers) {
          if (r.status !== 200) throw new Error(`status ${r.status}`);
          await r.arrayBuffer();
        }
      }
    };
    await send(0, 2_000); // warm-up: JIT, caches at their bound
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    await send(2_000, 100_000);
    gc();
    gc();
    const growthMb = (process.memoryUsage().heapUsed - before) / (1024 * 1024);
    figures.heapGrowthMbAfter100kAcceptLanguage = Math.round(growthMb * 10) / 10;
    figures.acceptLanguageRequestsPerSecond = Math.round(100_000 / ((performance.now() - started) / 1000));
    expect(growthMb).toBeLessThan(50);
    expect(warnings.lines).toEqual([]);
  }, 300_000);
});

describe('fuzzed web paths, headers and body sizes never answer 5xx', () => {
  let t!: TestApp;
  let sandbox!: FakeSandbox;
  let webDist!: string;
  let auth!: { authToken: string; userId: number };
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'join-web-dist-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    sandbox = await startFakeSandbox();
    t = await testApp({
      sandboxUrl: sandbox.url,
      env: { WEB_DIST: webDist, LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '100000' },
    });
    auth = await signup(t);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));
  const segment = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@%-]{0,16}$/),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
    fc.constantFrom('..', '.', '%2e%2e', '%2F', '%00', '%ZZ', '%', '%E0%A4%A', '%C3%28', 'index.html', '~'),
  );
  const prefix = fc.constantFrom(
    '',
    '/join',
    '/join/pro',
    '/invite',
    '/assets',
    '/ofw/home.form',
    '/healthz',
    '/api/v1',
    '/api/v1/parents',
    '/api/v1/orders',
    '/api/v1/signups',
    '/api/v1/invites',
    '/api/v1/packages',
  );
  const webPath = fc.oneof(
    fc.tuple(prefix, fc.array(segment, { maxLength: 4 })).map(([p, segs]) => `${p}/${segs.join('/')}`),
    fc.webPath(),
  );
  const query = fc.oneof(
    fc.constant(''),
    printable(60).map((q) => `?${q.replace(/#/g, '')}`),
  );
  const headerNames = [
    'accept-language',
    'content-type',
    'cookie',
    'authorization',
    'x-forwarded-for',
    'accept-encoding',
    'origin',
    'idempotency-key',
    'x-request-id',
    'if-none-match',
    'range',
    'accept',
  ] as const;
  const headerValue = fc.oneof(
    printable(120),
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'multipart/form-data; boundary=x',
      'gzip, br',
      'bytes=0-1,5-',
      'null',
    ),
  );
  const headers = fc.dictionary(fc.constantFrom(...headerNames), headerValue, { maxKeys: 6 });
  /** Body sizes around the 64 KiB API limit and well beyond it. */
  const bodySize = fc.constantFrom(0, 1, 1_000, 65_535, 65_536, 65_537, 200_000, 1_000_000);
  const body = fc
    .tuple(bodySize, fc.constantFrom('json', 'junk'))
    .map(([n, kind]) =>
      n === 0 ? undefined : kind === 'json' ? JSON.stringify({ pad: 'x'.repeat(Math.max(0, n - 10)) }) : 'z'.repeat(n),
    );
  const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');

  it('2 000 generated requests to web and API paths with odd headers and bodies up to 1 MB: no 5xx', async () => {
    let cases = 0;
    let fivexx = 0;
    await fc.assert(
      fc.asyncProperty(method, webPath, query, headers, body, fc.boolean(), async (m, p, q, h, b, signedIn) => {
        cases++;
        const init: RequestInit = { method: m, headers: new Headers(h) };
        if (signedIn && !h.authorization) (init.headers as Headers).set('authorization', `Bearer ${auth.authToken}`);
        if (b !== undefined && m !== 'GET' && m !== 'HEAD') init.body = b;
        const res = await t.app.request(`${p.startsWith('/') ? p : `/${p}`}${q}`, init);
        await res.arrayBuffer();
        if (res.status >= 500) fivexx++;
        expect([m, p, q, res.status]).toEqual([m, p, q, expect.any(Number)]);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 2_000 },
    );
    figures.webFuzzCases = cases;
    figures.webFuzz5xx = fivexx;
    expect(t.logs.lines.filter((l) => l.msg === 'unhandled error')).toEqual([]);
  }, 240_000);
});

/**
 * A fault hook on node-postgres: when the next statement matching `match` is sent, its connection is terminated
 * from a second connection first (`pg_terminate_backend`, waiting until the backend is gone), so the statement —
 * and the transaction it is part of — dies mid-way exactly as on a database failover or restart.
 */
function connectionKiller(url: string) {
  const admin = new pg.Client({ connectionString: url });
  let armed: { match: RegExp; fired: number } | undefined;
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (armed && this !== admin && typeof text === 'string' && armed.match.test(text)) {
      const a = armed;
      armed = undefined;
      const pid = (this as unknown as { processID: number }).processID;
      // counted when the kill is issued: the request may answer (500, connection lost) before pg_terminate_backend
      // returns — a sign-up is one statement, whose connection dies before it is even sent
      a.fired++;
      const killed = admin.query('select pg_terminate_backend($1, 5000)', [pid]).then(() => original.apply(this, args));
      // a statement outside a transaction comes from pg-pool's query() with a callback, which ignores what this
      // returns: the pool may answer it from the dying connection's 'error' first, and the admin query can then still
      // fail (its connection closed by stop()) — that failure goes to the callback, not to an unhandled rejection
      const callback = args.at(-1);
      if (typeof callback !== 'function') return killed;
      killed.catch((e: unknown) => (callback as (e: unknown) => void)(e));
      return undefined;
    }
    return original.apply(this, args);
  };
  return {
    start: () => admin.connect(),
    /** Kills the connection of the next statement matching `match`; `fired()` says whether it happened. */
    arm(match: RegExp) {
      const a = { match, fired: 0 };
      armed = a;
      return { fired: () => a.fired === 1 };
    },
    async stop() {
      proto.query = original;
      await admin.end();
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the database connection killed mid-request (Postgres)', () => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  let killer!: ReturnType<typeof connectionKiller>;
  /** The app's clock runs `skew` ms ahead (to pass a charge lease left by a killed request). */
  let skew = 0;
  let recovered = 0;
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    t = await testApp({ kind: 'postgres', sandboxUrl: sandbox.url, now: () => new Date(Date.now() + skew) });
    killer = connectionKiller(process.env.TEST_DATABASE_URL!);
    await killer.start();
  });
  afterAll(async () => {
    figures.dbKillRecoveriesOk = recovered;
    await killer?.stop();
    await t?.close();
    await sandbox?.close();
  });
  const count = async (table: typeof families | typeof users, where?: ReturnType<typeof eq>) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(where)
    )[0]!.n;

  it('killed in the middle of a signup — nothing half-written, and the retry completes', async () => {
    const body = { ...SIGNUP, parent: { ...SIGNUP.parent, email: 'killed.signup@example.com' } };
    const familiesBefore = await count(families);
    const kill = killer.arm(/insert into "signups"/i);
    const killed = await t.call('signups', { method: 'POST', json: body });
    expect(kill.fired()).toBe(true);
    expect(killed.status).toBe(500);
    expect(await count(users, eq(users.email, 'killed.signup@example.com'))).toBe(0);
    expect(await count(families)).toBe(familiesBefore);
    const retry = await signup(t, body);
    expect(await count(users, eq(users.email, 'killed.signup@example.com'))).toBe(1);
    expect((await t.call(`parents/${retry.userId}`, { token: retry.authToken })).status).toBe(200);
    recovered++;
  });

  it('killed in the middle of a registration step (security questions) — no answers without the flag, and the retry completes', async () => {
    const p = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: 'killed.questions@example.com' } });
    const questions = (await (await t.call('security-questions')).json()) as { id: number }[];
    const json = { answers: questions.slice(0, 3).map((q, i) => ({ questionId: q.id, answer: `answer ${i}` })) };
    const put = () => t.call(`parents/${p.userId}/security-questions`, { method: 'PUT', token: p.authToken, json });
    const kill = killer.arm(/update "users" set "security_questions_complete"/i);
    const killed = await put();
    expect(kill.fired()).toBe(true);
    expect(killed.status).toBe(500);
    const answersOf = () => t.db.select().from(securityAnswers).where(eq(securityAnswers.userId, p.userId));
    expect(await answersOf()).toEqual([]);
    const [u] = await t.db.select().from(users).where(eq(users.id, p.userId));
    expect(u!.securityQuestionsComplete).toBe(false);
    const retry = await put();
    expect(retry.status).toBe(200);
    expect(await answersOf()).toHaveLength(3);
    expect(await retry.json()).toMatchObject({ securityQuestionsComplete: true });
    recovered++;
  });

  it('killed in the middle of an order (recording the paid charge) — no subscription without a paid order; the retry records the one charge', async () => {
    const p = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: 'killed.order@example.com' } });
    const charges = sandbox.state.charges;
    const kill = killer.arm(/insert into "subscriptions"/i);
    const killed = await order(t, p.authToken, 'killed-order-0001');
    expect(kill.fired()).toBe(true);
    expect(killed.status).toBeGreaterThanOrEqual(500);
    expect(sandbox.state.charges - charges).toBe(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId))).toEqual([]);
    const [o] = await t.db.select().from(orders).where(eq(orders.userId, p.userId));
    expect(o!.status).not.toBe('paid');
    skew += chargeLeaseMs(t.deps) + 10_000;
    const retry = await order(t, p.authToken, 'killed-order-0001');
    expect(retry.status).toBe(201);
    expect(sandbox.state.charges - charges).toBe(1);
    const paid = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, p.userId), eq(orders.status, 'paid')));
    expect(paid).toHaveLength(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId))).toHaveLength(1);
    recovered++;
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { and, eq, sql } from 'drizzle-orm';
import { families, orders, securityAnswers, subscriptions, users } from '../src/db/schema.js';
import { chargeLeaseMs } from '../src/services/orders.js';
import { SIGNUP, order, signup, startFakeSandbox, testApp, type FakeSandbox, type TestApp } from './helpers.js';
import { reliabilityFigures } from './reliability-figures.js';

/*
 * reliability: the database connection killed in the middle of a signup, a registration step and an order (Postgres
 * only: TEST_DATABASE_URL). The recoveries are a reliability figure (reliability-figures.ts; bench/reliability.mjs
 * prints it).
 */
const figures = reliabilityFigures('db-kill');

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

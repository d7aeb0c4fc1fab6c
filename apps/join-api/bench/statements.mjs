// Statements per call of the join, counted on Postgres by `pg_stat_statements` (preloaded in the bench's cluster,
// bench/postgres.mjs): `parents` parents go through every call of bench/join-flow.mjs, one call at a time for all of
// them (one after the other, nothing else running against the database: join-api's background work is off in the
// bench), and the server's count of statements run in the bench database (calls summed over pg_stat_statements,
// BEGIN and COMMIT included) is read before and after each call. The counter's own queries run in another database
// (`postgres`), so they are not counted; neither are the outbox worker's polls (its claim, one statement a pass,
// whether or not anything is due: a clock's work, not a call's). Its sends — the codes of 'email code', the receipts
// of 'order' — count in the call that queued them: each call's count (and CPU time) is read once the mailbox has been
// quiet for 6 passes (bench/lib/mailbox.mjs `idle`). Used by bench/run.mjs on Postgres.
import { CALLS, joinParent, securityQuestionIds } from './join-flow.mjs';

/** Goal of statements per parent (sign-up + order): fewer round trips (docs/performance/join-api.md). */
export const STATEMENTS_GOAL = 12;
/** Statements per parent (sign-up + order) measured before this count existed (docs/performance/join-api.md "Where the time goes"). */
export const STATEMENTS_BEFORE = 30;

/**
 * @param {{ base: string, databaseUrl: string, newNonce: () => string, mailbox: object, parents?: number,
 *   cpuMs?: () => { total: number } | undefined }} o join-api's origin, its database, the sandbox's nonce maker, its
 *   mailbox (bench/lib/mailbox.mjs), and join-api's CPU time so far (bench/join-api-process.mjs), for its CPU per call
 * @returns {Promise<{ parents: number, perCall: Record<string, number>, cpuPerCall: Record<string, number>,
 *   perParent: number, perJoin: number } | undefined>} statements per call (mean over the parents), join-api's CPU
 *   time per call (ms, the calls one at a time: no contention), per parent (sign-up + order) and for the whole join;
 *   undefined when pg_stat_statements is not loaded on the server
 */
export async function countStatements({ base, databaseUrl, newNonce, mailbox, parents = 20, cpuMs = () => undefined }) {
  const { default: pg } = await import('pg');
  const adminUrl = new URL(databaseUrl);
  const dbName = decodeURIComponent(adminUrl.pathname.slice(1));
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const count = async () => {
      const { rows } = await admin.query(
        `select coalesce(sum(calls), 0)::float8 as n from pg_stat_statements
          where dbid = (select oid from pg_database where datname = $1)
            and query not like 'update "outbox" set "attempts" = "outbox"."attempts" + %'`,
        [dbName],
      );
      return rows[0].n;
    };
    try {
      await count();
    } catch {
      return undefined; // pg_stat_statements not preloaded (e.g. BENCH_DATABASE_URL without it)
    }
    const questionIds = await securityQuestionIds(base);
    const tag = Date.now().toString(36);
    const people = Array.from({ length: parents }, (_, i) =>
      joinParent(base, `count${i}`, { newNonce, mailbox, questionIds, email: `count${i}.${tag}@example.com` }),
    );
    // warm-up, not counted: the first calls compile their code paths, which the CPU per call should not carry
    for (let i = 0; i < Math.min(parents, 20); i++) {
      const p = joinParent(base, `warm${i}`, { newNonce, mailbox, questionIds, email: `warm${i}.${tag}@example.com` });
      for (const name of CALLS) await p.call(name);
    }
    await mailbox.idle(); // the warm-up's e-mails sent before the first count
    const perCall = {};
    const cpuPerCall = {};
    for (const name of CALLS) {
      const before = await count();
      const cpuBefore = cpuMs();
      for (const p of people) {
        const r = await p.call(name);
        if (r.status >= 300) throw new Error(`${name} answered ${r.status}: ${JSON.stringify(r.body)}`);
      }
      await mailbox.idle();
      const cpuAfter = cpuMs();
      perCall[name] = +(((await count()) - before) / parents).toFixed(1);
      if (cpuBefore && cpuAfter) cpuPerCall[name] = +((cpuAfter.total - cpuBefore.total) / parents).toFixed(2);
    }
    const sum = (names) => +names.reduce((a, n) => a + perCall[n], 0).toFixed(1);
    return { parents, perCall, cpuPerCall, perParent: sum(['sign-up', 'order']), perJoin: sum(CALLS) };
  } finally {
    await admin.end();
  }
}

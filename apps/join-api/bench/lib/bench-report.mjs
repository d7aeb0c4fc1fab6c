// The join-api bench's report (bench/bench.mjs): its tables — each figure per database beside its goal (✗ = missed)
// and the previous run's value —, the statements and CPU per call on Postgres, the open loop, and where the time went.
// Each goal missed is added to `missed` (bench.mjs prints them last).
import { STATEMENTS_BEFORE, STATEMENTS_GOAL } from '../statements.mjs';
import { CPU_PER_PARENT_GOAL_MS, OPEN_LOOP_RATE_GOAL, p99GoalAt } from '../open-loop.mjs';
import { CALLS, PAYING_CALLS } from '../join-flow.mjs';
import { GOALS } from './bench-figures.mjs';

/** The rows of the first table: figure key → label. */
const LABELS = {
  helloRps: 'GET /hello (req/s)',
  packagesRps: 'GET /packages (req/s)',
  packagesToHelloRatio: 'GET /packages ÷ hello throughput',
  signupsP50Ms: 'POST /signups p50, 200 at once (ms)',
  signupsP99Ms: 'POST /signups p99, 200 at once (ms)',
  ordersP50Ms: 'POST /orders p50, 200 at once (ms)',
  ordersP99Ms: 'POST /orders p99, 200 at once (ms)',
  phaseWallMs: '200 sign-ups + orders, wall (ms)',
};

/**
 * The first table: the throughput and 200-at-once figures per database, beside the goal and `before(db, key)` (the
 * previous run's value), then how many paid orders were charged exactly once.
 */
export function printTable({ databases: DATABASES, results, missed }, before) {
  const header = ['figure', ...DATABASES.flatMap((db) => [db, 'goal', 'previous'])];
  const rows = [];
  for (const [key, label] of Object.entries(LABELS)) {
    const row = [label];
    for (const db of DATABASES) {
      const v = results[db].figures[key];
      const goal = GOALS[key]?.[db];
      const ok = !goal || (goal[0] === '≥' ? v >= goal[1] : v <= goal[1]);
      if (!ok) missed.push(`${label} on ${db}`);
      row.push(`${v}${ok ? '' : ' ✗'}`, goal ? `${goal[0]} ${goal[1]}` : '', before(db, key));
    }
    rows.push(row);
  }
  const w = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => c.padEnd(w[i])).join('  ');
  console.log(`\n${line(header)}`);
  for (const r of rows) console.log(line(r));
  for (const db of DATABASES) {
    const r = results[db];
    console.log(
      `${db}: ${r.chargedOnce} of ${r.paidOrders} paid orders charged exactly once, ${r.failedOrders} failed${r.poolMax ? `; pool ${r.poolMax}` : ''}`,
    );
  }
}

/** Statements and join-api's CPU time per call on Postgres (pg_stat_statements, /proc), beside the previous run's. */
export function printStatements({ results, previous, missed }) {
  const counted = results.postgres?.statementsPerCall;
  if (counted) {
    // statements per call beside the previous run's (and the per-parent goal, with the figure before the count)
    const was = previous?.byDatabase?.postgres?.statementsPerCall;
    console.log(`\nStatements per call on Postgres (pg_stat_statements, mean of ${counted.parents} parents)`);
    // and join-api's CPU time per call (/proc, every thread), the calls one at a time after a warm-up: what each call
    // itself costs, without the waits for a core that a profile under load counts
    const srows = [['call', 'statements', 'goal', 'previous', 'CPU ms', 'previous']];
    const cpu = (c) => counted.cpuPerCall?.[c];
    const cpuWas = (c) => was?.cpuPerCall?.[c];
    for (const [call, n] of Object.entries(counted.perCall))
      srows.push([
        call,
        String(n),
        '',
        String(was?.perCall?.[call] ?? '—'),
        String(cpu(call) ?? '—'),
        String(cpuWas(call) ?? '—'),
      ]);
    const ok = counted.perParent <= STATEMENTS_GOAL;
    if (!ok) missed.push('statements per parent on postgres');
    const sumOf = (f, calls) =>
      calls.every((c) => f(c) !== undefined) ? +calls.reduce((a, c) => a + f(c), 0).toFixed(2) : '—';
    // the goal's figure: the median pass of bench/cpu-per-parent.mjs (the statements pass's sum where it did not run)
    const steady = results.postgres.cpuPerParent;
    const cpuPerParent = steady?.perParent ?? sumOf(cpu, ['sign-up', 'order']);
    const cpuPerParentWas =
      previous?.byDatabase?.postgres?.cpuPerParent?.perParent ?? sumOf(cpuWas, ['sign-up', 'order']);
    const cpuOk = typeof cpuPerParent === 'number' && cpuPerParent <= CPU_PER_PARENT_GOAL_MS;
    if (!cpuOk) missed.push('CPU per parent (sign-up + order) on postgres');
    srows.push([
      'per parent (sign-up + order)',
      `${counted.perParent}${ok ? '' : ' ✗'}`,
      `≤ ${STATEMENTS_GOAL}`,
      String(was?.perParent ?? `${STATEMENTS_BEFORE} (README, before the count)`),
      `${cpuPerParent}${cpuOk ? '' : ' ✗'} (goal ≤ ${CPU_PER_PARENT_GOAL_MS}${
        steady ? `; median of ${steady.byPass.length} passes: ${steady.byPass.join(', ')}` : ''
      })`,
      String(cpuPerParentWas),
    ]);
    srows.push([
      `the whole join (${CALLS.length} calls)`,
      String(counted.perJoin),
      '',
      String(was?.perJoin ?? '—'),
      String(sumOf(cpu, Object.keys(counted.perCall))),
      String(sumOf(cpuWas, Object.keys(counted.perCall))),
    ]);
    const sw = srows[0].map((_, i) => Math.max(...srows.map((r) => r[i].length)));
    for (const r of srows) console.log(r.map((c, i) => c.padEnd(sw[i])).join('  '));
  }
}

/** The open loop: per rate and call, p50 / p99 per database beside the goal and the previous run's; the top frames. */
export function printOpenLoop({ databases: DATABASES, results, previous, missed }) {
  const looped = DATABASES.filter((db) => results[db].openLoop);
  if (looped.length) {
    // open loop: per rate and call, p50 / p99 per database beside the goal and the previous run's
    const first = results[looped[0]].openLoop;
    console.log(
      `\nOpen loop: parents arriving at a fixed rate for ${first.rates[0]?.seconds} s (own addresses, production load shedding)`,
    );
    const orows = [['figure', ...looped.flatMap((db) => [db, 'previous']), 'goal']];
    const was = (db, rate) => previous?.byDatabase?.[db]?.openLoop?.rates?.find((r) => r.rate === rate);
    for (const { rate } of first.rates) {
      const at = (db) => results[db].openLoop.rates.find((r) => r.rate === rate);
      for (const call of PAYING_CALLS) {
        const row = [`${rate}/s ${call} p50 / p99 (ms)`];
        for (const db of looped) {
          const c = at(db)?.perCall[call];
          const ok = c && c.p99 !== null && c.p99 <= p99GoalAt(rate);
          if (!ok) missed.push(`open loop ${rate}/s ${call} p99 on ${db}`);
          const w = was(db, rate)?.perCall?.[call];
          row.push(c ? `${c.p50} / ${c.p99}${ok ? '' : ' ✗'}` : '—', w ? `${w.p50} / ${w.p99}` : '—');
        }
        orows.push([...row, `p99 ≤ ${p99GoalAt(rate)}`]);
      }
      const row = [`${rate}/s parents paid / shed / failed`];
      for (const db of looped) {
        const r = at(db);
        const w = was(db, rate);
        // every refusal must say when to retry (503 with Retry-After, README "Overload")
        const silent = r?.shedWithoutRetryAfter ?? 0;
        if (silent) missed.push(`open loop ${rate}/s: ${silent} refusals without Retry-After on ${db}`);
        row.push(
          r
            ? `${r.paid}/${r.parents} / ${r.shed} / ${r.failed}${silent ? ` (${silent} without Retry-After ✗)` : ''}`
            : '—',
          w ? `${w.paid} / ${w.shed} / ${w.failed}` : '—',
        );
      }
      orows.push([...row, 'refusals: Retry-After']);
      // the four calls of a paying parent under load (the per-parent goal is sign-up + order, in the table above)
      const timeRow = [`${rate}/s join-api CPU time per paid parent (ms)`];
      for (const db of looped) {
        const kernel = at(db)?.systemTimePerParentMs;
        timeRow.push(
          `${at(db)?.cpuTimePerParentMs ?? '—'}${kernel !== null && kernel !== undefined ? ` (kernel ${kernel})` : ''}`,
          String(was(db, rate)?.cpuTimePerParentMs ?? '—'),
        );
      }
      orows.push([...timeRow, '']);
      const lagRow = [`${rate}/s the bench's own event loop delay p99 (ms)`];
      for (const db of looped)
        lagRow.push(String(at(db)?.clientLagMs?.p99 ?? '—'), String(was(db, rate)?.clientLagMs?.p99 ?? '—'));
      orows.push([...lagRow, 'high: the client is a bottleneck too']);
      const cpuRow = [`${rate}/s join-api profile busy per paid parent (ms)`];
      for (const db of looped)
        cpuRow.push(String(at(db)?.cpu?.perParentMs ?? '—'), String(was(db, rate)?.cpu?.perParentMs ?? '—'));
      orows.push([...cpuRow, '']);
    }
    const hrow = ['highest sustained rate (parents/s)'];
    for (const db of looped) {
      const h = results[db].openLoop.highestSustained;
      const ok = h !== null && h >= OPEN_LOOP_RATE_GOAL;
      if (!ok) missed.push(`open loop sustained rate on ${db}`);
      hrow.push(
        `${h ?? 'none of the rates tried'}${ok ? '' : ' ✗'}`,
        String(previous?.byDatabase?.[db]?.openLoop?.highestSustained ?? '—'),
      );
    }
    orows.push([...hrow, `≥ ${OPEN_LOOP_RATE_GOAL}`]);
    const ow = orows[0].map((_, i) => Math.max(...orows.map((r) => r[i].length)));
    for (const r of orows) console.log(r.map((c, i) => c.padEnd(ow[i])).join('  '));
    for (const db of looped) {
      const top = results[db].openLoop.rates.at(-1);
      if (!top?.cpu) continue;
      console.log(
        `  ${db} ${top.rate}/s: join-api CPU busy ${top.cpu.busyMs} ms in the load window; top frames (self ms):`,
      );
      for (const [fn, ms] of top.cpu.byFunction.slice(0, 6)) console.log(`      ${String(ms).padStart(6)}  ${fn}`);
      // PGlite in its worker thread (src/db/pglite-worker.ts): that thread's own profile
      for (const [i, w] of (top.cpu.workers ?? []).entries()) {
        console.log(`    worker thread ${i + 1}: busy ${w.busyMs} ms; top frames (self ms):`);
        for (const [fn, ms] of w.byFunction.slice(0, 6)) console.log(`      ${String(ms).padStart(6)}  ${fn}`);
      }
      for (const r of results[db].openLoop.rates)
        if (Object.keys(r.failures).length) console.log(`  ${db} ${r.rate}/s failures: ${JSON.stringify(r.failures)}`);
    }
  }
}

/** Where the time went (README "Performance"): CPU by package per phase, Postgres backends and the slowest statements. */
export function printWhereTimeWent({ databases: DATABASES, results }) {
  for (const db of DATABASES) {
    const r = results[db];
    for (const [phase, cpu] of Object.entries(r.cpu)) {
      const busy = cpu.busyMs || 1;
      const share = cpu.byPackage
        .filter(([k]) => k !== '(idle)')
        .slice(0, 7)
        .map(([k, v]) => `${k} ${Math.round((100 * v) / busy)}%`)
        .join(', ');
      console.log(`  ${db} ${phase}: join-api CPU busy ${cpu.busyMs} of ${cpu.totalMs} ms — ${share} (${cpu.file})`);
    }
    const a = r.profile?.activity;
    if (a) {
      const states = Object.entries(a.backends)
        .filter(([, v]) => v >= 0.01)
        .map(([k, v]) => `${k} ${v}`)
        .join('; ');
      console.log(`  ${db}: backends during sign-ups + orders (mean of ${a.samples} samples): ${states}`);
    }
    const s = r.profile?.statements;
    if (s) {
      console.log(
        `  ${db}: ${s.perParent} statements and ${s.serverMsPerParent} ms of server time per parent (sign-up, the address's proof, order); slowest in total:`,
      );
      for (const t of s.top.slice(0, 4)) console.log(`      ${t.calls}× ${t.meanMs} ms  ${t.query.slice(0, 100)}`);
    }
  }
}

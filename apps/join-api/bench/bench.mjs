// join-api bench, part of `pnpm bench`: the same figures on PGlite and on Postgres, side by side.
//   1. GET /api/v1/packages throughput as a ratio to a hello-world route on the same server, same run;
//   2. POST /api/v1/signups and POST /api/v1/orders (sandbox driver) p50/p99 with 200 parents at once, charged by the
//      real apps/payments-sandbox (every paid order must be exactly one sandbox transaction);
//   3. statements per call of the join and per parent on Postgres (pg_stat_statements, bench/statements.mjs);
//   4. open-loop load: parents arriving at 20 and 40 per second for 30 s, p50/p99 per call, the highest sustained
//      rate and join-api's CPU per parent from a --cpu-prof profile (bench/open-loop.mjs);
//   5. scale-out (Postgres): two join-api processes on one database (bench/scale-out.mjs).
// Each database runs in bench/run.mjs (join-api in a child process of its own, CPU-profiled per phase by bench/phase-profiler.mjs; on Postgres
// pg_stat_activity is sampled and pg_stat_statements read). Postgres is BENCH_DATABASE_URL, or Debian's PostgreSQL
// started as the test command starts it (scripts/lib/ensure-postgres.sh, see bench/postgres.mjs).
// Prints one table — each figure per database beside its goal (✗ = missed) and the previous run's value (read from the
// <repo>/.bench/join-api.json this run replaces) — then where the time went, and writes <repo>/.bench/join-api.json
// (`figures`: flat numbers, shown by the root table of scripts/bench-join.mjs; `byDatabase`, `scaleOut`, `profiles`).
// BENCH_SECONDS (5), BENCH_PARENTS (200), BENCH_DATABASES (pglite,postgres), BENCH_PROFILE=0 (no CPU profile),
// BENCH_STATEMENT_PARENTS (50), BENCH_OPEN_LOOP=0, BENCH_OPEN_LOOP_RATES (20,40,80; CI: 5,10), BENCH_OPEN_LOOP_WARM_UP_SECONDS (5; CI: 1), BENCH_OPEN_LOOP_SECONDS (30; CI: 5)
// tune it.
// Run: pnpm --filter join-api bench   (builds join-api first; builds payments-sandbox when its dist/ is missing)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase, startPostgres } from './postgres.mjs';
import { summarizeCpuProfile } from './cpu-profile.mjs';
import { STATEMENTS_BEFORE, STATEMENTS_GOAL } from './statements.mjs';
import { CPU_PER_PARENT_GOAL_MS, OPEN_LOOP_RATE_GOAL, p99GoalAt } from './open-loop.mjs';
import { PAYING_CALLS } from './join-flow.mjs';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const benchDir = path.join(repo, '.bench');
const outFile = path.join(benchDir, 'join-api.json');
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').filter(Boolean);
const PROFILE = process.env.BENCH_PROFILE !== '0';

/** The goal per figure and database (docs/performance/join-api.md): [comparison, value]. */
const GOALS = {
  packagesToHelloRatio: { pglite: ['≥', 0.5], postgres: ['≥', 0.5] },
  signupsP99Ms: { pglite: ['≤', 800], postgres: ['≤', 250] },
  ordersP99Ms: { pglite: ['≤', 100], postgres: ['≤', 400] },
};
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

const previous = fs.existsSync(outFile) ? JSON.parse(fs.readFileSync(outFile, 'utf8')) : undefined;
/** The previous run's value of a figure on a database (older files held one database's figures, flat). */
function before(db, key) {
  const v =
    previous?.byDatabase?.[db]?.figures?.[key] ??
    ((previous?.run?.database ?? 'pglite') === db ? previous?.figures?.[key] : undefined);
  return v === undefined ? '—' : String(v);
}

function runOne(db, env) {
  const out = path.join(os.tmpdir(), `join-api-bench-${db}-${process.pid}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('./run.mjs', import.meta.url))], {
      stdio: 'inherit',
      env: { ...process.env, ...env, BENCH_RUN_OUT: out },
    });
    child.on('exit', (code) => {
      if (!fs.existsSync(out)) return reject(new Error(`bench run on ${db} failed (exit ${code})`));
      const result = JSON.parse(fs.readFileSync(out, 'utf8'));
      fs.rmSync(out);
      resolve({ ...result, exitCode: code });
    });
  });
}

fs.mkdirSync(benchDir, { recursive: true });
const results = {};
let postgres;
let exitCode = 0;
try {
  for (const db of DATABASES) {
    const profDir = path.join(benchDir, 'profiles', db);
    fs.rmSync(profDir, { recursive: true, force: true });
    const env = { BENCH_RUN_CPU_PROF: PROFILE ? profDir : '' };
    if (db === 'postgres') {
      postgres ??= await startPostgres();
      console.log(
        `join-api bench on Postgres ${postgres.external ? '(BENCH_DATABASE_URL)' : `${postgres.version} (Debian, throw-away cluster)`}`,
      );
      env.BENCH_RUN_DATABASE_URL = await freshDatabase(postgres.url, 'join_api_bench');
    } else console.log('join-api bench on PGlite (a fresh folder)');
    const r = await runOne(db, env);
    r.cpu = {};
    for (const phase of ['packages', 'signups-orders']) {
      const prof = path.join(profDir, `${phase}.cpuprofile`);
      if (PROFILE && fs.existsSync(prof))
        r.cpu[phase] = { file: path.relative(repo, prof), ...summarizeCpuProfile(prof, 10) };
    }
    results[db] = r;
    if (r.exitCode) exitCode = 1;
  }
  let scaleOut;
  if (DATABASES.includes('postgres') && process.env.BENCH_SCALE_OUT !== '0') {
    const { scaleOutBench } = await import('./scale-out.mjs');
    scaleOut = await scaleOutBench(await freshDatabase(postgres.url, 'join_api_scale_out'));
    if (!scaleOut.ok) exitCode = 1;
  }

  // ---------------------------------------------------------------- the table
  const header = ['figure', ...DATABASES.flatMap((db) => [db, 'goal', 'previous'])];
  const rows = [];
  const missed = [];
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
      'the whole join (7 calls)',
      String(counted.perJoin),
      '',
      String(was?.perJoin ?? '—'),
      String(sumOf(cpu, Object.keys(counted.perCall))),
      String(sumOf(cpuWas, Object.keys(counted.perCall))),
    ]);
    const sw = srows[0].map((_, i) => Math.max(...srows.map((r) => r[i].length)));
    for (const r of srows) console.log(r.map((c, i) => c.padEnd(sw[i])).join('  '));
  }
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
  if (scaleOut) {
    console.log('\nScale-out: two join-api processes on one Postgres database');
    for (const l of scaleOut.lines) console.log(`  ${l}`);
  }

  // ---------------------------------------------------------------- where the time went
  console.log('\nWhere the time went (README "Performance")');
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
        `  ${db}: ${s.perParent} statements and ${s.serverMsPerParent} ms of server time per parent (sign-up + order); slowest in total:`,
      );
      for (const t of s.top.slice(0, 4)) console.log(`      ${t.calls}× ${t.meanMs} ms  ${t.query.slice(0, 100)}`);
    }
  }
  if (missed.length) console.log(`\n✗ goals missed: ${missed.join('; ')}`);

  // flat figures for the root table (scripts/bench-join.mjs), with their goals and the ones missed
  const figures = {};
  const goals = {};
  const missedKeys = [];
  for (const db of DATABASES) {
    const suffix = db === 'pglite' ? 'Pglite' : 'Postgres';
    for (const [key, goal] of Object.entries(GOALS)) {
      const v = results[db].figures[key];
      figures[`${key}${suffix}`] = v;
      goals[`${key}${suffix}`] = `${goal[db][0]} ${goal[db][1]}`;
      if (goal[db][0] === '≥' ? v < goal[db][1] : v > goal[db][1]) missedKeys.push(`${key}${suffix}`);
    }
  }
  if (counted) {
    figures.statementsPerParentPostgres = counted.perParent;
    goals.statementsPerParentPostgres = `≤ ${STATEMENTS_GOAL}`;
    if (counted.perParent > STATEMENTS_GOAL) missedKeys.push('statementsPerParentPostgres');
    const cpu = counted.cpuPerCall;
    const steady = results.postgres.cpuPerParent;
    if (steady || (cpu?.['sign-up'] !== undefined && cpu.order !== undefined)) {
      figures.cpuPerParentMsPostgres = steady?.perParent ?? +(cpu['sign-up'] + cpu.order).toFixed(2);
      goals.cpuPerParentMsPostgres = `≤ ${CPU_PER_PARENT_GOAL_MS}`;
      if (figures.cpuPerParentMsPostgres > CPU_PER_PARENT_GOAL_MS) missedKeys.push('cpuPerParentMsPostgres');
    }
  }
  for (const db of looped) {
    const suffix = db === 'pglite' ? 'Pglite' : 'Postgres';
    const { rates, highestSustained } = results[db].openLoop;
    figures[`openLoopHighestSustainedRate${suffix}`] = highestSustained ?? 0;
    goals[`openLoopHighestSustainedRate${suffix}`] = `≥ ${OPEN_LOOP_RATE_GOAL}`;
    if ((highestSustained ?? 0) < OPEN_LOOP_RATE_GOAL) missedKeys.push(`openLoopHighestSustainedRate${suffix}`);
    for (const r of rates) {
      const key = `openLoop${r.rate}PerSecondWorstP99Ms${suffix}`;
      figures[key] = Math.max(...PAYING_CALLS.map((c) => r.perCall[c].p99 ?? Infinity));
      goals[key] = `≤ ${p99GoalAt(r.rate)}`;
      if (figures[key] > p99GoalAt(r.rate)) missedKeys.push(key);
    }
  }
  if (scaleOut) Object.assign(figures, scaleOut.figures);
  fs.writeFileSync(
    outFile,
    `${JSON.stringify(
      {
        figures,
        goals,
        missed: missedKeys,
        byDatabase: Object.fromEntries(
          DATABASES.map((db) => [
            db,
            {
              figures: results[db].figures,
              statementsPerCall: results[db].statementsPerCall,
              openLoop: results[db].openLoop,
              profile: results[db].profile,
              cpu: results[db].cpu,
            },
          ]),
        ),
        scaleOut: scaleOut && { figures: scaleOut.figures, lines: scaleOut.lines },
        run: {
          at: new Date().toISOString(),
          databases: DATABASES,
          postgres: postgres ? (postgres.external ? 'BENCH_DATABASE_URL' : `Debian ${postgres.version}`) : undefined,
          cpus: os.cpus().length,
          loadAverage: os.loadavg().map((x) => +x.toFixed(2)),
          node: process.version,
        },
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nFigures written to ${path.relative(repo, outFile)} (the next run's "previous")`);
} catch (e) {
  console.error(`✗ join-api bench failed: ${e instanceof Error ? e.stack : String(e)}`);
  exitCode = 1;
} finally {
  await postgres?.stop();
}
process.exitCode = exitCode;

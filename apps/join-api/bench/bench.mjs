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
// The tables are printed by bench/lib/bench-report.mjs, the figures file written by bench/lib/bench-figures.mjs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase, startPostgres } from './postgres.mjs';
import { summarizeCpuProfile } from './cpu-profile.mjs';
import { printOpenLoop, printStatements, printTable, printWhereTimeWent } from './lib/bench-report.mjs';
import { writeFigures } from './lib/bench-figures.mjs';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const benchDir = path.join(repo, '.bench');
const outFile = path.join(benchDir, 'join-api.json');
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').filter(Boolean);
const PROFILE = process.env.BENCH_PROFILE !== '0';

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

  const report = { databases: DATABASES, results, previous, missed: [] };
  printTable(report, before);
  printStatements(report);
  printOpenLoop(report);
  if (scaleOut) {
    console.log('\nScale-out: two join-api processes on one Postgres database');
    for (const l of scaleOut.lines) console.log(`  ${l}`);
  }

  // ---------------------------------------------------------------- where the time went
  console.log('\nWhere the time went (README "Performance")');
  printWhereTimeWent(report);
  const { missed } = report;
  if (missed.length) console.log(`\n✗ goals missed: ${missed.join('; ')}`);

  writeFigures(outFile, { databases: DATABASES, results, postgres, scaleOut });
  console.log(`\nFigures written to ${path.relative(repo, outFile)} (the next run's "previous")`);
} catch (e) {
  console.error(`✗ join-api bench failed: ${e instanceof Error ? e.stack : String(e)}`);
  exitCode = 1;
} finally {
  await postgres?.stop();
}
process.exitCode = exitCode;

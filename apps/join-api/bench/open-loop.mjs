// Open-loop load (part of bench/run.mjs, per database): parents ARRIVE at a fixed rate whatever the server's answers
// — as real parents do —, each from its own X-Forwarded-For address (join-api with `TRUSTED_PROXIES=loopback` and
// `RATE_LIMIT_FACTOR=1`, so every rate limit counts as in production) and each signs up, proves its e-mail address
// (the code's delivery to the bench's mailbox is not timed), reads its packages and the payments config, and pays
// (bench/join-flow.mjs `PAYING_CALLS`). A fresh join-api process per rate, with production's load-shedding
// thresholds (env.ts `LOAD_SHED_*` defaults: a 503 `overloaded` is counted as shed, not retried), run under
// `node --cpu-prof`, first warmed up (half the rate for BENCH_OPEN_LOOP_WARM_UP_SECONDS, not counted: a new
// instance's traffic is ramped up in production). Figures per rate: p50/p99 per call (answers that were not shed),
// parents paid / shed / failed, refusals per second and any without a Retry-After, join-api's CPU time per paid parent
// (/proc: every thread) and the profiles' busy samples (the event loop's plus each worker's, e.g. PGlite's) and top
// frames within the load window. BENCH_OPEN_LOOP_RATES (parents/s, comma-separated; default 20,40,80 — 5,10 under CI;
// past 40/s the process is overloaded on purpose: the goal there is admitted calls p99 ≤ 1 s),
// BENCH_OPEN_LOOP_SECONDS (30; 5 under CI).
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { startJoinApi } from './join-api-process.mjs';
import { PAYING_CALLS, joinParent } from './join-flow.mjs';
import { summarizeCpuProfile } from './cpu-profile.mjs';
import { freePort } from './free-port.mjs';

const CI = Boolean(process.env.CI);
/** Arrival rates tried (parents/s). */
export const OPEN_LOOP_RATES = (process.env.BENCH_OPEN_LOOP_RATES ?? (CI ? '5,10' : '20,40,80'))
  .split(',')
  .map(Number)
  .filter((r) => r > 0);
/** How long parents arrive at each rate (s). */
export const OPEN_LOOP_SECONDS = Number(process.env.BENCH_OPEN_LOOP_SECONDS ?? (CI ? 5 : 30));
/** Goal per call at every rate up to {@link OPEN_LOOP_RATE_GOAL}: p99 ≤ this (ms). */
export const OPEN_LOOP_P99_GOAL_MS = 300;
/**
 * Goal per call past {@link OPEN_LOOP_RATE_GOAL} (overload, README "Overload"): the answers of admitted calls p99 ≤ this
 * (ms), every refusal at once with a Retry-After.
 */
export const OVERLOAD_P99_GOAL_MS = 1000;
/** The p99 goal of the calls at `rate` parents/s (ms). */
export const p99GoalAt = (rate) => (rate > OPEN_LOOP_RATE_GOAL ? OVERLOAD_P99_GOAL_MS : OPEN_LOOP_P99_GOAL_MS);
/** Goal: join-api's CPU per parent (ms): sign-up + order, as the statements are counted (bench/statements.mjs). */
export const CPU_PER_PARENT_GOAL_MS = 5;
/** Goal: the highest sustained rate (every p99 within goal, ≥ 99 % of the parents paid) is at least this (parents/s). */
export const OPEN_LOOP_RATE_GOAL = 40;

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const round1 = (x) => (Number.isFinite(x) ? +x.toFixed(1) : null);
/** A distinct client address per simulated parent (198.18.0.0/15, RFC 2544's benchmarking range). */
const clientAddress = (i) => `198.19.${(i >> 8) & 255}.${i & 255}`;
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Seconds of arrivals at half the rate before each measured run (not counted). */
const WARM_UP_SECONDS = Number(process.env.BENCH_OPEN_LOOP_WARM_UP_SECONDS ?? (CI ? 1 : 5));

/**
 * Parents arriving at `rate` per second for `seconds` whatever the answers, each from its own address (the `from`-th
 * onwards) going through {@link PAYING_CALLS}; a 503 `overloaded` ends a parent as shed.
 * @returns per call the times of the answers not shed and the refusals, parents paid / failed (with why), refusals
 *   per second of the run, how long the arrivals and the whole run took (ms)
 */
async function arrive({ url, mailbox, rate, seconds, sandbox, tag, from }) {
  const times = Object.fromEntries(PAYING_CALLS.map((c) => [c, []]));
  const shed = Object.fromEntries(PAYING_CALLS.map((c) => [c, 0]));
  const shedPerSecond = [];
  let withoutRetryAfter = 0;
  const failures = new Map();
  let paid = 0;
  let failed = 0;
  const total = Math.round(rate * seconds);
  const parents = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    parents.push(
      (async () => {
        const p = joinParent(url, `${tag}-${i}`, {
          newNonce: sandbox.newNonce,
          mailbox,
          ip: clientAddress(from + i),
          email: `open${i}.${tag}@example.com`,
        });
        for (const call of PAYING_CALLS) {
          let t0 = performance.now();
          let r;
          try {
            await p.ready(call); // the e-mail code's delivery: the parent reading the mail, not the call's time
            t0 = performance.now();
            r = await p.call(call);
          } catch (e) {
            r = { status: 0, body: String(e) };
          }
          if (r.status === 503 && r.body?.code === 'overloaded') {
            const second = Math.floor((performance.now() - started) / 1000);
            shedPerSecond[second] = (shedPerSecond[second] ?? 0) + 1;
            if (!(Number(r.retryAfter) > 0)) withoutRetryAfter++;
            return void shed[call]++;
          }
          times[call].push(performance.now() - t0);
          if (r.status >= 300) {
            failed++;
            const k = `${call} ${r.status} ${r.body?.code ?? ''}`.trim();
            failures.set(k, (failures.get(k) ?? 0) + 1);
            return;
          }
        }
        paid++;
      })(),
    );
  }
  const arrivedMs = performance.now() - started;
  await Promise.all(parents);
  return {
    times,
    shed,
    shedPerSecond: Array.from(shedPerSecond, (n) => n ?? 0),
    withoutRetryAfter,
    paid,
    failed,
    failures,
    total,
    arrivedMs,
    wallMs: performance.now() - started,
  };
}

/**
 * join-api's refusals so far by the signal that refused (its `/metrics` on `port`), minus `before`'s.
 * @returns {Promise<Record<string, number>>} e.g. `{ in_flight: 12, database_queue: 40 }` (reasons with none left out)
 */
async function shedReasons(port, before = {}) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const out = {};
  for (const m of text.matchAll(/^join_api_requests_shed_total\{reason="([^"]+)"\} (\d+)/gm)) {
    const n = Number(m[2]) - (before[m[1]] ?? 0);
    if (n) out[m[1]] = n;
  }
  return out;
}

/**
 * Runs one rate against a fresh join-api process.
 * @param {object} o
 * @param {number} o.rate parents per second
 * @param {number} o.seconds how long they arrive
 * @param {{ url: string, newNonce: () => string }} o.sandbox the in-process payments sandbox
 * @param {string} [o.databaseUrl] Postgres (PGlite in a fresh folder under `o.workDir` without it)
 * @param {string} o.workDir logs, PGlite folder and the CPU profile go here
 * @param {string} [o.profileOut] the CPU profile is kept there as `open-loop-<rate>.cpuprofile`
 * @param {string} o.tag distinguishes this run's parents (e-mails)
 */
async function oneRate({ rate, seconds, sandbox, databaseUrl, workDir, profileOut, tag }) {
  const profDir = path.join(workDir, `cpu-${rate}`);
  const metricsPort = await freePort();
  const server = await startJoinApi({
    sandboxUrl: sandbox.url,
    databaseUrl,
    dataDir: path.join(workDir, `pglite-${rate}`),
    logFile: path.join(workDir, `join-api-${rate}.log`),
    // BENCH_PROFILE=0: no profiler (its sampling costs join-api CPU too; the CPU time then has none of it)
    nodeArgs: process.env.BENCH_PROFILE === '0' ? [] : ['--cpu-prof', `--cpu-prof-dir=${profDir}`],
    env: {
      TRUSTED_PROXIES: 'loopback',
      RATE_LIMIT_FACTOR: '1',
      // production's thresholds (env.ts defaults), not the bench's "off"
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '',
      LOAD_SHED_MAX_IN_FLIGHT: '',
      LOAD_SHED_QUEUE_MS: '',
      LOAD_SHED_DATABASE_QUEUE_MS: '',
      // its Prometheus metrics (127.0.0.1): which signal refused, read after the run
      METRICS_PORT: String(metricsPort),
    },
  });
  // Warm-up, not counted: a fresh process compiles its code paths and opens its pool connections on its first
  // parents (measured: at 40/s it refused ≈ 2 % of them in its first second); in production a new instance gets its
  // traffic ramped up (a balancer's slow start) and then serves steady load, which is what the rows measure.
  await arrive({
    url: server.url,
    mailbox: server.mailbox,
    rate: rate / 2,
    seconds: WARM_UP_SECONDS,
    sandbox,
    tag: `${tag}-${rate}-w`,
    from: 0,
  });
  const cpuFrom = server.cpuMs();
  const warmUpShed = await shedReasons(metricsPort);
  const windowFrom = monotonicUs();
  // the bench's own event loop (the load generator and the payments sandbox share it): when it lags, the times below
  // carry the client's queue too, not only join-api's
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  clientLag.enable();
  const run = await arrive({
    url: server.url,
    mailbox: server.mailbox,
    rate,
    seconds,
    sandbox,
    tag: `${tag}-${rate}`,
    from: 1 << 14,
  });
  clientLag.disable();
  const { times, shed, paid, failed, failures, total, arrivedMs, wallMs } = run;
  const windowTo = monotonicUs();
  const cpuTo = server.cpuMs();
  const shedByReason = await shedReasons(metricsPort, warmUpShed);
  await server.stop(); // SIGTERM: node writes the --cpu-prof profile on exit
  // `--cpu-prof` writes one profile per thread, CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile: thread 0 is the
  // event loop, the others are workers (PGlite's, src/db/pglite-worker.ts)
  const threadOf = (f) => Number(/\.(\d+)\.\d+\.cpuprofile$/.exec(f)?.[1] ?? 0);
  const profFiles = fs.existsSync(profDir)
    ? fs
        .readdirSync(profDir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .sort((a, b) => threadOf(a) - threadOf(b))
        .map((f) => path.join(profDir, f))
    : [];
  const profFile = profFiles[0];
  let kept = profFile;
  if (profFile && profileOut) {
    fs.mkdirSync(profileOut, { recursive: true });
    kept = path.join(profileOut, `open-loop-${rate}.cpuprofile`);
    fs.copyFileSync(profFile, kept);
    profFiles
      .slice(1)
      .forEach((f, i) => fs.copyFileSync(f, path.join(profileOut, `open-loop-${rate}-worker${i + 1}.cpuprofile`)));
  }
  const window = { fromUs: windowFrom, toUs: windowTo };
  const cpu = profFile ? summarizeCpuProfile(profFile, 8, window) : undefined;
  const workers = profFiles.slice(1).map((f) => summarizeCpuProfile(f, 8, window));
  const workersBusyMs = workers.reduce((a, w) => a + w.busyMs, 0);
  const perCall = {};
  for (const call of PAYING_CALLS) {
    const s = times[call].sort((a, b) => a - b);
    perCall[call] = { p50: round1(pct(s, 50)), p99: round1(pct(s, 99)), n: s.length, shed: shed[call] };
  }
  const shedTotal = Object.values(shed).reduce((a, b) => a + b, 0);
  const sustained =
    paid >= 0.99 * total &&
    PAYING_CALLS.every((c) => perCall[c].p99 !== null && perCall[c].p99 <= OPEN_LOOP_P99_GOAL_MS);
  return {
    rate,
    seconds,
    parents: total,
    /** the rate parents actually arrived at (the generator shares the cores) */
    arrivedPerSecond: round1(total / (arrivedMs / 1000)),
    paid,
    shed: shedTotal,
    failed,
    failures: Object.fromEntries(failures),
    /** refusals per second of the run (index = second), empty when none */
    shedPerSecond: run.shedPerSecond,
    /** join-api's refusals of the run by the signal that refused (`join_api_requests_shed_total{reason}`) */
    shedByReason,
    /** the bench process's event-loop delay p99 / max (ms): the load generator and the sandbox's own queue */
    clientLagMs: { p99: round1(clientLag.percentile(99) / 1e6), max: round1(clientLag.max / 1e6) },
    /** refusals that did not say when to retry (goal: none) */
    shedWithoutRetryAfter: run.withoutRetryAfter,
    warmUpSeconds: WARM_UP_SECONDS,
    wallMs: Math.round(wallMs),
    perCall,
    sustained,
    /** join-api's CPU time (ms, /proc: user + system, every thread) per parent who paid, within the load window */
    cpuTimePerParentMs: paid && cpuFrom && cpuTo ? round1((cpuTo.total - cpuFrom.total) / paid) : null,
    /** of which in the kernel (ms per paid parent): socket reads and writes, timers */
    systemTimePerParentMs: paid && cpuFrom && cpuTo ? round1((cpuTo.system - cpuFrom.system) / paid) : null,
    cpu: cpu && {
      file: kept,
      busyMs: cpu.busyMs + workersBusyMs,
      /** join-api's CPU (ms) per parent who paid, within the load window: every thread (event loop + workers) */
      perParentMs: paid ? round1((cpu.busyMs + workersBusyMs) / paid) : null,
      /** the event loop's share of it (the HTTP thread) */
      mainPerParentMs: paid ? round1(cpu.busyMs / paid) : null,
      /** the worker threads' share (PGlite in its worker), null without workers */
      workerPerParentMs: paid && workers.length ? round1(workersBusyMs / paid) : null,
      /** the workers' profiles: self time by package and top functions */
      workers: workers.map((w) => ({ busyMs: w.busyMs, byPackage: w.byPackage, byFunction: w.byFunction })),
      byPackage: cpu.byPackage,
      byFunction: cpu.byFunction,
    },
  };
}

/**
 * The open-loop bench on one database: {@link OPEN_LOOP_RATES} one after the other.
 * @returns {{ rates: object[], highestSustained: number | null }} per rate ({@link oneRate}'s figures) and the highest
 *   rate whose every p99 met {@link OPEN_LOOP_P99_GOAL_MS} with ≥ 99 % of the parents paid (null when none did)
 */
export async function openLoopBench({ sandbox, databaseUrl, workDir, profileOut, log = () => undefined }) {
  const rates = [];
  const tag = Date.now().toString(36);
  for (const rate of OPEN_LOOP_RATES) {
    const r = await oneRate({ rate, seconds: OPEN_LOOP_SECONDS, sandbox, databaseUrl, workDir, profileOut, tag });
    rates.push(r);
    log(
      `open loop ${rate} parents/s × ${OPEN_LOOP_SECONDS} s: ${r.paid}/${r.parents} paid, ${r.shed} shed, ${r.failed} failed; ` +
        PAYING_CALLS.map((c) => `${c} p50 ${r.perCall[c].p50} / p99 ${r.perCall[c].p99} ms`).join('; ') +
        `; join-api CPU time ${r.cpuTimePerParentMs} ms per paid parent (${r.systemTimePerParentMs} ms in the kernel)` +
        (r.cpu
          ? ` (profile busy ${r.cpu.perParentMs} ms` +
            (r.cpu.workerPerParentMs === null
              ? ')'
              : `: event loop ${r.cpu.mainPerParentMs}, worker threads ${r.cpu.workerPerParentMs})`)
          : '') +
        `; the bench's own event loop delay p99 ${r.clientLagMs.p99} ms` +
        (r.shed
          ? `; refused per second of the run: ${r.shedPerSecond.map((n) => n || '·').join(' ')} (by signal: ${
              Object.entries(r.shedByReason)
                .map(([k, v]) => `${k} ${v}`)
                .join(', ') || '—'
            })`
          : ''),
    );
  }
  const ok = rates.filter((r) => r.sustained).map((r) => r.rate);
  return { rates, highestSustained: ok.length ? Math.max(...ok) : null };
}

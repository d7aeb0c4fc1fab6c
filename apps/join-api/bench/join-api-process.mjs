// join-api's production entry (dist/main.js) as a child process of a bench, on a free 127.0.0.1 port: the server gets
// a process (an event loop, a core) of its own, apart from the load generator and the payments sandbox, as in
// production. Preloads bench/watchdog.mjs, so it stops by itself when the bench dies. Its outbox delivers to the
// bench's mailbox (bench/lib/mailbox.mjs), where the parents read their e-mail codes (docs/IDENTITY.md).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';
import { startMailbox } from './lib/mailbox.mjs';

const appDir = fileURLToPath(new URL('../', import.meta.url));

/**
 * Starts one join-api process.
 * @param {object} o
 * @param {string} o.sandboxUrl payments sandbox origin (sandbox driver)
 * @param {string} [o.databaseUrl] Postgres; PGlite in `o.dataDir` without it
 * @param {string} [o.dataDir]
 * @param {string} o.logFile where its stdout/stderr go
 * @param {string} [o.cpuProfDir] profile it (bench/phase-profiler.mjs): `profile()` starts, the next call stops and
 *   writes `<cpuProfDir>/<phase>.cpuprofile`
 * @param {string[]} [o.phases] the names of the profiled phases, in order
 * @param {Record<string,string>} [o.env] more settings (an empty value unsets a setting)
 * @param {string[]} [o.nodeArgs] more Node options (e.g. `--cpu-prof`)
 * @param {Awaited<ReturnType<typeof startMailbox>>} [o.mailbox] where its e-mail goes (several processes may share
 *   one); a mailbox of its own, closed by `stop()`, without it
 * @returns {Promise<{ url: string, port: number, mailbox: Awaited<ReturnType<typeof startMailbox>>,
 *   cpuMs(): { total: number, system: number } | undefined, stop(): Promise<void> }>}
 */
export async function startJoinApi({
  sandboxUrl,
  databaseUrl,
  dataDir,
  logFile,
  cpuProfDir,
  phases = [],
  env = {},
  nodeArgs = [],
  mailbox: shared,
}) {
  const port = await freePort();
  const mailbox = shared ?? (await startMailbox());
  const childEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // not `production`: production refuses the payments sandbox and a rate-limit factor (docs/PAYMENTS.md); the
    // production defaults that matter here are set instead
    NODE_ENV: 'test',
    COOKIE_SECURE: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    METRICS_PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
    SANDBOX_URL: sandboxUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // the outbox worker sends the e-mail codes (and the receipts) to the bench's mailbox, as production's sends them
    // out; a pass every 100 ms, so a parent waits for a code about as long as for a real e-mail at most
    SMTP_URL: mailbox.url,
    OUTBOX_POLL_MS: '100',
    RATE_LIMIT_FACTOR: '1000',
    HOUSEKEEPING_INTERVAL_MS: '0',
    GATEWAY_TIMEOUT_MS: '30000',
    RECONCILE_INTERVAL_MS: '0',
    SOAK_CHILD_MAX_MS: '600000',
    // no load shedding unless a bench asks for it (bench/open-loop.mjs does): the burst and soak figures measure the
    // queue, and their parents expect a definite answer to every request
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    LOAD_SHED_MAX_IN_FLIGHT: '0',
    LOAD_SHED_QUEUE_MS: '0',
    LOAD_SHED_DATABASE_QUEUE_MS: '0',
    ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}),
    // PGLITE_WORKER=true benches PGlite in its worker thread, for a comparison with the event loop (README "Performance")
    ...(process.env.PGLITE_WORKER ? { PGLITE_WORKER: process.env.PGLITE_WORKER } : {}),
    ...(cpuProfDir
      ? {
          BENCH_CPU_PROF_DIR: cpuProfDir,
          BENCH_CPU_PROF_PHASES: phases.join(','),
          ...(process.env.BENCH_CPU_PROF_INTERVAL_US
            ? { BENCH_CPU_PROF_INTERVAL_US: process.env.BENCH_CPU_PROF_INTERVAL_US }
            : {}),
        }
      : {}),
    ...env,
  };
  for (const [k, v] of Object.entries(childEnv)) if (v === '') delete childEnv[k];
  const args = [
    ...nodeArgs,
    ...(cpuProfDir ? ['--import', fileURLToPath(new URL('./phase-profiler.mjs', import.meta.url))] : []),
    '--import',
    fileURLToPath(new URL('./watchdog.mjs', import.meta.url)),
    'dist/main.js',
  ];
  const child = spawn(process.execPath, args, {
    cwd: appDir,
    env: childEnv,
    stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
  });
  const log = fs.createWriteStream(logFile);
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  child.once('exit', () => {
    if (!shared) void mailbox.close();
  });
  const url = `http://127.0.0.1:${port}`;
  await untilAnswering(child, url, logFile, 60);
  let stopping;
  let profiling = false;
  return {
    url,
    port,
    mailbox,
    /** The CPU time the process has used so far (ms: in all, and in the kernel), undefined off Linux. */
    cpuMs: () => processCpuMs(child.pid),
    /** Starts the profiler; called again, stops it and resolves once the phase's profile is written. */
    profile: () => {
      if (!cpuProfDir) return Promise.resolve();
      profiling = !profiling;
      const written = profiling ? Promise.resolve() : new Promise((r) => child.once('message', r));
      child.kill('SIGUSR2');
      return written;
    },
    stop: () =>
      (stopping ??= (async () => {
        // SIGTERM: main.ts closes the server and the database
        if (child.exitCode === null) child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
        await new Promise((r) => log.end(r));
      })()),
  };
}

let ticksPerSecond;
/**
 * CPU time a process has used (ms): `total` — the time its threads ran on a CPU, from each thread's
 * `/proc/<pid>/task/<tid>/schedstat` (first field, ns: precise where stat's clock ticks are 10 ms) — and `system`,
 * the kernel's part (syscalls such as socket writes; `/proc/<pid>/stat` field 15, clock ticks — proc(5)). Unlike a
 * profiler's busy samples it does not count time the process waited for a core on a busy machine. Undefined where
 * there is no /proc.
 */
function processCpuMs(pid) {
  try {
    let ns = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`))
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may hold spaces: split after its closing one
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    return { total: ns / 1e6, system: (Number(fields[12]) * 1000) / ticksPerSecond };
  } catch {
    return undefined;
  }
}

/**
 * Waits until the join-api `child` answers `GET {url}/api/v1/hello`, polling every 100 ms.
 * @throws if the process exits first, or after `seconds` (both name `logFile`).
 */
export async function untilAnswering(child, url, logFile, seconds) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`join-api exited at start-up (see ${logFile})`);
    try {
      if ((await fetch(`${url}/api/v1/hello`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`join-api did not start within ${seconds} s (see ${logFile})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

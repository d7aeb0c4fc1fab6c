import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const appDir = fileURLToPath(new URL('../', import.meta.url));

/** A free TCP port on 127.0.0.1 (nothing listens on it until the child does). */
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** A join-api started as its own process (src/main.ts under tsx, as `pnpm dev` runs it). */
export interface JoinApiProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  /** Resolves once `text` has been printed. */
  printed(text: string): Promise<void>;
  /** Resolves with its exit code (or the signal that ended it) once it exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (main.ts's graceful shutdown), SIGKILL 30 s later at the latest; resolves once it exited. */
  stop(): Promise<void>;
}

/**
 * Starts join-api's entry (src/main.ts) in a child process with a test environment — the sandbox driver on
 * `sandboxUrl`, no e-mail worker, no background jobs, no metrics port, no load shedding — plus `env`, on a free
 * 127.0.0.1 port; resolves once it answers `GET /api/v1/hello`. bench/watchdog.mjs is preloaded: the child stops by
 * itself when the test process that started it goes away.
 * @throws Error with its output when it exits or does not answer within 90 s.
 */
export async function startJoinApiProcess(o: {
  sandboxUrl: string;
  /** Postgres; PGlite in `dataDir` without it. */
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
}): Promise<JoinApiProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : { DATA_DIR: o.dataDir }),
    SANDBOX_URL: o.sandboxUrl,
    GATEWAY_TIMEOUT_MS: '10000',
    ORDER_SEARCH_GRACE_MS: '0',
    WEB_DIST: '/nonexistent-web-dist',
    SEED_DEMO: 'false',
    METRICS_PORT: '0',
    SMTP_URL: 'smtp://127.0.0.1:9',
    OUTBOX_POLL_MS: '0',
    HOUSEKEEPING_INTERVAL_MS: '0',
    RECONCILE_INTERVAL_MS: '0',
    RENEWAL_INTERVAL_MS: '0',
    PAYMENT_EVENTS_POLL_MS: '0',
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    LOAD_SHED_MAX_IN_FLIGHT: '0',
    LOAD_SHED_QUEUE_MS: '0',
    LOAD_SHED_DATABASE_QUEUE_MS: '0',
    LOG_LEVEL: 'info',
    SOAK_CHILD_MAX_MS: '300000',
    ...o.env,
  };
  const watchdog = fileURLToPath(new URL('../bench/watchdog.mjs', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', watchdog, 'src/main.ts'], {
    cwd: appDir,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const waiting = new Set<() => void>();
  const onOutput = (d: Buffer) => {
    out += d.toString();
    for (const check of waiting) check();
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  await untilAnswering(url, child, () => out);
  let stopping: Promise<void> | undefined;
  return {
    url,
    child,
    output: () => out,
    printed: (text) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!out.includes(text)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
    exited,
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(timer);
      })()),
  };
}

/** Polls `GET /api/v1/hello` until it answers; throws with the child's output when it exits or 90 s pass. */
async function untilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`join-api exited at start-up:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/v1/hello`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`join-api did not answer within 90 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

// Small process supervisor for `pnpm start` and `pnpm dev`: runs commands with prefixed output, waits for their
// HTTP ports, and on Ctrl-C (SIGINT/SIGTERM) stops every child, waits for it to close (join-api must close PGlite
// cleanly so that the data folder is reusable by the next start) and exits 0 — also during the build step.
// pnpm reports its script's exit status: a script killed by a signal makes it print "ELIFECYCLE Command failed", so
// the root package.json runs these scripts with `exec node_modules/node/bin/node …` (no /bin/sh in between to die of
// the terminal's SIGINT — node_modules/.bin/node, the pinned runtime's shim, is such a shell: it waits for the binary
// instead of exec-ing it) and this module turns SIGINT/SIGTERM into a clean `process.exit(0)`. Every Node process
// started from here is `process.execPath` (that same pinned runtime), never a `node` looked up on PATH.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const children = new Set();
let stopping = false;

/** Runs a command to completion (inherits stdio); rejects on a non-zero exit. Ctrl-C stops it (then it never settles:
 * stopAll exits the process once it has closed). */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (stopping) return;
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${signal ?? code}`));
    });
  });
}

/** Starts a long-running service; its output lines are prefixed with `[name]`. */
export function service(name, cmd, args, env = {}, { cwd = root } = {}) {
  // detached: a process group of its own, so the terminal's Ctrl-C reaches only pnpm and this supervisor, and each
  // service gets exactly one signal (stopAll's SIGTERM). `tsx watch` (pnpm dev) takes a second signal as "force kill
  // the app now", which would leave join-api's PGlite folder unclosed.
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.add(child);
  const prefix = (stream, out) => {
    let buf = '';
    stream.on('data', (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const l of lines) out.write(`[${name}] ${l}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`[${name}] exited (${signal ?? code}); stopping everything.`);
      void stopAll(1);
    }
  });
  return child;
}

/** Builds workspaces with turbo (cached), e.g. `buildWorkspaces(['join-api', 'payments-sandbox'])`. */
export function buildWorkspaces(filters, { logs = 'new-only' } = {}) {
  return run('pnpm', [
    'exec',
    'turbo',
    'run',
    'build',
    ...filters.map((f) => `--filter=${f}`),
    `--output-logs=${logs}`,
  ]);
}

/** The built entry points of the two servers. */
export const builtMain = {
  sandbox: path.join(root, 'apps/payments-sandbox/dist/main.js'),
  joinApi: path.join(root, 'apps/join-api/dist/main.js'),
};

/**
 * Starts the payments sandbox and join-api as services sharing one `SANDBOX_API_KEY` (the sandbox's server
 * API needs it, join-api's sandbox driver sends it): the caller's `SANDBOX_API_KEY`, or a fresh random one per run.
 * Each side: `env` (added to this process's environment), and optionally `args` (default: `node <built main.js>`)
 * and `cwd`. Returns the key.
 */
export function startServers({ sandbox, joinApi }) {
  const apiKey = process.env.SANDBOX_API_KEY ?? randomBytes(24).toString('base64url');
  const start = (name, side, main) =>
    service(
      name,
      process.execPath,
      side.args ?? [main],
      { ...side.env, SANDBOX_API_KEY: apiKey },
      side.cwd ? { cwd: side.cwd } : {},
    );
  start('sandbox', sandbox, builtMain.sandbox);
  start('join-api', joinApi, builtMain.joinApi);
  return apiKey;
}

/** Polls `url` until it answers (any HTTP status) or `timeoutMs` passes. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

export async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  const exits = [...children].map(
    (c) =>
      new Promise((r) => {
        if (c.exitCode !== null || c.signalCode !== null) return r();
        c.once('exit', r);
        c.kill('SIGTERM');
      }),
  );
  const timer = setTimeout(() => {
    for (const c of children) c.kill('SIGKILL');
  }, 10_000);
  await Promise.all(exits);
  clearTimeout(timer);
  process.exit(code);
}

// Ctrl-C in a terminal sends SIGINT to pnpm, to this script and to a running build (turbo); pnpm forwards another
// one. Both are answered by one clean stop.
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
// A closed terminal (SIGHUP) no longer reaches the detached services: stop them here.
process.on('SIGHUP', () => void stopAll(0));
// The services are detached: should this process end any other way (an exception), stop them all the same.
process.on('exit', () => {
  for (const c of children) c.kill('SIGTERM');
});

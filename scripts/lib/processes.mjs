// Small process supervisor for `pnpm start` and `pnpm dev`: runs commands with prefixed output, waits for their
// HTTP ports, and on Ctrl-C (SIGINT/SIGTERM) stops every child and waits for it to close (join-api must close
// PGlite cleanly so that the data folder is reusable by the next start).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const children = new Set();
let stopping = false;

/** Runs a command to completion (inherits stdio); rejects on a non-zero exit. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** Starts a long-running service; its output lines are prefixed with `[name]`. */
export function service(name, cmd, args, env = {}) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

// `pnpm dev` picks up a change in each workspace without a restart by hand, and Ctrl-C exits 0.
// Starts scripts/dev.mjs (what `pnpm dev` runs) on free ports with a throw-away PGlite folder, then touches a source
// file of each kind — a touch changes the modification time only, so the working tree stays as it was — and waits for
// the process that serves it to take it up: join-api restarts on packages/domain/src and apps/join-api/src, the
// sandbox on apps/payments-sandbox/src and packages/payments/src/protocol.ts (whose frame script is rebuilt too), and
// Vite serves the @ofw/* packages from their sources. Finally SIGINT to the whole process group, as a terminal's
// Ctrl-C sends it: every process stops and the exit code is 0. Run by `pnpm test`: `node --test scripts/test/`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, utimesSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assertNodesRunOn } from './support/node-processes.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A TCP port nobody listens on now (the OS picks it). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(String(port)));
    });
    srv.on('error', reject);
  });

describe('pnpm dev (scripts/dev.mjs)', { timeout: 420_000 }, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ofw-dev-smoke-'));
  let child;
  let output = '';
  let exited;
  const ports = {};

  /** Resolves when `pattern` appears in the output after `from` (an offset), rejects after `ms`. */
  const waitFor = (pattern, from, ms = 60_000) =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const tick = () => {
        const match = pattern.exec(output.slice(from));
        if (match) return resolve(match);
        if (exited) return reject(new Error(`dev exited while waiting for ${pattern}:\n${output.slice(-3000)}`));
        if (Date.now() - started > ms) return reject(new Error(`no ${pattern} in ${ms} ms:\n${output.slice(-3000)}`));
        setTimeout(tick, 200);
      };
      tick();
    });
  const touch = (file) => {
    const at = new Date();
    utimesSync(path.join(root, file), at, at);
  };

  before(async () => {
    for (const name of [
      'PORT',
      'SANDBOX_PORT',
      'SANDBOX_ACS_PORT',
      'VITE_PORT',
      'MAILDEV_SMTP_PORT',
      'MAILDEV_WEB_PORT',
    ])
      ports[name] = await freePort();
    const env = { ...process.env, ...ports, DATA_DIR: dataDir, FORCE_COLOR: '0' };
    for (const name of [
      'PAYMENTS_DRIVER',
      'BRAINTREE_ENVIRONMENT',
      'SANDBOX_URL',
      'SANDBOX_ACS_URL',
      'SANDBOX_ALLOWED_ORIGINS',
    ])
      delete env[name];
    // its own process group, so that the SIGINT below reaches every process as a terminal's Ctrl-C does
    child = spawn(process.execPath, ['scripts/dev.mjs'], { cwd: root, env, detached: true, stdio: 'pipe' });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    exited = undefined;
    child.on('exit', (code, signal) => (exited = { code, signal }));
    // a cold start builds the packages first (turbo; cached when the test command built them already)
    await waitFor(/\[sandbox\] payments sandbox listening/, 0, 300_000);
    await waitFor(/\[join-api\] join-api listening/, 0, 120_000);
  });

  after(async () => {
    if (child && !exited) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('join-api restarts on an edit under packages/domain/src and under apps/join-api/src', async () => {
    for (const file of ['packages/domain/src/money.ts', 'apps/join-api/src/order-quote.ts']) {
      const from = output.length;
      touch(file);
      await waitFor(
        new RegExp(`\\[join-api\\].*change in .*${path.basename(file).replace('.', '\\.')} Restarting`),
        from,
      );
      await waitFor(/\[join-api\] join-api listening/, from);
    }
  });

  it('the sandbox restarts on an edit under its src and of the hosted-field protocol, whose frame script is rebuilt', async () => {
    let from = output.length;
    touch('apps/payments-sandbox/src/fields.ts');
    await waitFor(/\[sandbox\].*change in .*fields\.ts Restarting/, from);
    await waitFor(/\[sandbox\] payments sandbox listening/, from);
    from = output.length;
    touch('packages/payments/src/protocol.ts');
    await waitFor(/\[sandbox\].*change in .*protocol\.ts Restarting/, from);
    await waitFor(/\[frame\].*Build success/, from);
    await waitFor(/\[sandbox\] payments sandbox listening/, from);
  });

  it('Vite serves the join with the @ofw/* packages from their sources, so its HMR covers packages/*/src', async () => {
    const vite = `http://localhost:${ports.VITE_PORT}`;
    await waitFor(/\[vite\].*(ready in|Local:)/, 0, 120_000);
    const res = await fetch(`${vite}/src/app.tsx`);
    assert.equal(res.status, 200);
    const code = await res.text();
    assert.match(code, /packages\/api-client\/src\//, 'the API client from its source, not dist/');
    assert.doesNotMatch(code, /packages\/[a-z-]+\/dist\//);
  });

  it(
    'every Node process it starts (tsx watch and its apps, tsup --watch, Vite, maildev) runs on process.execPath',
    {
      skip: process.platform !== 'linux' && 'reads /proc',
    },
    () => {
      assertNodesRunOn(child.pid, realpathSync(process.execPath), [
        'tsx/dist/cli.mjs',
        'tsup/dist/cli-default.js',
        'vite/bin/vite.js',
        'maildev/dist/bin/maildev.js',
      ]);
    },
  );

  it('Ctrl-C (SIGINT to the process group) stops everything and exits 0', async () => {
    process.kill(-child.pid, 'SIGINT');
    const started = Date.now();
    while (!exited && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(exited, { code: 0, signal: null }, output.slice(-2000));
    assert.doesNotMatch(output, /ELIFECYCLE|exited \(\d+\); stopping everything/);
  });
});

// The runtime: the root devDependency `node` installs the pinned Node into node_modules/.bin (docs/DEVELOPMENT.md "Runtime"),
// and everything the project runs must run on it — pnpm scripts, a workspace's tools, the repository checks, and every
// process `pnpm start` starts (scripts/start.mjs spawns each server with `process.execPath`; `pnpm dev`'s are checked
// in dev-smoke.test.mjs). `pnpm release:check` runs the published packages on the machine's own Node as well
// (scripts/lib/machine-node.mjs finds it). Run by `pnpm test` (scripts/test.sh): `node --test scripts/test/*.test.mjs`.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { findMachineNode } from '../lib/machine-node.mjs';
import { assertNodesRunOn, descendants } from './support/node-processes.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
/** The pinned major, from the root devDependency (e.g. "^26.10.0" → "26"). */
const pinnedMajor = /(\d+)/.exec(rootPkg.devDependencies.node)?.[1];
const pinnedBinary = realpathSync(path.join(root, 'node_modules/node/bin/node'));
const major = (version) => /^v?(\d+)\./.exec(version.trim())?.[1];
const pnpm = (...args) => {
  const r = spawnSync('pnpm', ['--silent', ...args], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, `pnpm ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
};

describe('the pinned Node (root devDependency `node`)', () => {
  it('is an LTS major and its install script ran: node_modules/node/bin/node is that Node', () => {
    assert.ok(pinnedMajor && Number(pinnedMajor) % 2 === 0, `an even (LTS) major: ${rootPkg.devDependencies.node}`);
    const r = spawnSync(pinnedBinary, ['-p', 'process.version'], { encoding: 'utf8' });
    assert.equal(major(r.stdout), pinnedMajor);
  });

  it("is the Node pnpm checks `engines` against (pnpm-workspace.yaml's nodeVersion), not the one running pnpm", () => {
    const workspace = yaml.load(readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8'));
    const installed = JSON.parse(readFileSync(path.join(root, 'node_modules/node/package.json'), 'utf8')).version;
    assert.equal(String(workspace.nodeVersion), installed);
    assert.ok(
      workspace.allowBuilds.node && workspace.onlyBuiltDependencies.includes('node'),
      'its install script runs',
    );
  });

  it('runs what a pnpm script runs at the root: `node` on its PATH is the pinned Node', () => {
    assert.equal(major(pnpm('exec', 'node', '-p', 'process.version')), pinnedMajor);
  });

  it("runs a workspace's tasks: `node` in join-api and vitest's own bin in @ofw/domain", () => {
    assert.equal(major(pnpm('--filter', 'join-api', 'exec', 'node', '-p', 'process.version')), pinnedMajor);
    // cac's version line: "vitest/5.x linux-x64 node-v26.x"
    assert.match(pnpm('--filter', '@ofw/domain', 'exec', 'vitest', '--version'), new RegExp(`node-v${pinnedMajor}\\.`));
  });

  it(
    'runs these repository checks under `pnpm test`',
    { skip: process.env.npm_lifecycle_event ? false : 'not started through a pnpm script' },
    () => {
      assert.equal(major(process.version), pinnedMajor);
    },
  );
});

describe("the machine's Node (scripts/lib/machine-node.mjs, for release:check)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ofw-machine-node-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const fakeNode = (folder) => {
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, 'node');
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, 0o755);
    return realpathSync(file);
  };

  it("is the first `node` on PATH outside node_modules/.bin (where pnpm puts the pinned one's shim)", () => {
    const shim = path.join(dir, 'repo/node_modules/.bin');
    fakeNode(shim);
    const machine = fakeNode(path.join(dir, 'usr/bin'));
    const PATH = [shim, path.join(dir, 'empty'), path.join(dir, 'usr/bin')].join(path.delimiter);
    assert.equal(findMachineNode({ PATH }, []), machine);
  });

  it('falls back to the given paths, and is undefined (release:check says so and skips) when there is none', () => {
    const fallback = fakeNode(path.join(dir, 'local/bin'));
    assert.equal(findMachineNode({ PATH: path.join(dir, 'repo/node_modules/.bin') }, [fallback]), fallback);
    assert.equal(findMachineNode({ PATH: '' }, [path.join(dir, 'nowhere/node')]), undefined);
  });
});

/** A TCP port nobody listens on now (the OS picks it). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(String(port)));
    });
    srv.on('error', reject);
  });

describe('pnpm start', { timeout: 420_000, skip: process.platform !== 'linux' && 'reads /proc' }, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ofw-start-runtime-'));
  let child;
  let output = '';
  let exited;

  before(async () => {
    // a terminal's PATH: under `pnpm test` this process's PATH starts with node_modules/.bin, whose `node` shim would
    // then also run pnpm itself (its `#!/usr/bin/env node`) behind a shell
    const PATH = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((dir) => !/node_modules[\\/]\.bin[\\/]?$/.test(dir))
      .join(path.delimiter);
    const env = { ...process.env, PATH, DATA_DIR: dataDir, FORCE_COLOR: '0' };
    for (const name of ['PORT', 'SANDBOX_PORT', 'MAILDEV_SMTP_PORT', 'MAILDEV_WEB_PORT']) env[name] = await freePort();
    for (const name of ['PAYMENTS_DRIVER', 'BRAINTREE_ENVIRONMENT', 'SANDBOX_URL', 'SANDBOX_ALLOWED_ORIGINS'])
      delete env[name];
    // the README's command itself, in a process group of its own (a terminal's Ctrl-C reaches the whole group)
    child = spawn('pnpm', ['start'], { cwd: root, env, detached: true, stdio: 'pipe' });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code, signal) => (exited = { code, signal }));
    const started = Date.now();
    // a cold start builds join-api, the sandbox and join-web first (turbo; cached when the test command built them)
    while (!/OFW Join is running/.test(output)) {
      if (exited) throw new Error(`pnpm start exited (${JSON.stringify(exited)}):\n${output.slice(-3000)}`);
      if (Date.now() - started > 360_000) throw new Error(`pnpm start did not come up:\n${output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  after(() => {
    if (child && !exited) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('and `pnpm dev` run their script on the pinned binary itself (`exec node_modules/node/bin/node …`)', () => {
    for (const name of ['start', 'dev'])
      assert.equal(rootPkg.scripts[name], `exec node_modules/node/bin/node scripts/${name}.mjs`, name);
  });

  it('runs scripts/start.mjs as the pinned binary itself, and every server it starts on process.execPath', () => {
    const below = descendants(child.pid);
    const script = below.find((p) => p.ppid === child.pid);
    // no shell between pnpm and the script: node_modules/.bin/node is a shell that would die of Ctrl-C's SIGINT
    assert.equal(script?.exe, pinnedBinary, `pnpm's child: ${JSON.stringify(script)}`);
    assert.ok(script.args.includes('scripts/start.mjs'));
    // the payments sandbox, join-api and maildev (and start.mjs itself)
    assertNodesRunOn(child.pid, pinnedBinary, [
      'scripts/start.mjs',
      'payments-sandbox/dist/main.js',
      'join-api/dist/main.js',
      'maildev/dist/bin/maildev.js',
    ]);
  });

  it('stops on Ctrl-C (SIGINT to the process group) with exit code 0 and no ELIFECYCLE', async () => {
    process.kill(-child.pid, 'SIGINT');
    const started = Date.now();
    while (!exited && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(exited, { code: 0, signal: null }, output.slice(-2000));
    assert.doesNotMatch(output, /ELIFECYCLE|exited \(\d+\); stopping everything/);
  });
});

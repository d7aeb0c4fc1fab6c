// scripts/lib/local-registry.mjs, the throw-away Verdaccio `pnpm release:check` publishes to (CONTRIBUTING.md
// "Releasing"): it listens on 127.0.0.1 only, proxies nothing from the public registry (no uplinks), lets its
// throw-away user publish @ofw/* and anyone read it, and stops with its parent — by `stop()`, and when the parent is
// killed outright. Run by `pnpm test` (scripts/test.sh): `node --test scripts/test/`.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startLocalRegistry } from '../lib/local-registry.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Verdaccio 6.10 needs Node ≥ 22: the project's runtime (root devDependency `node`), as `pnpm release:check` uses.
const projectNode = path.join(root, 'node_modules', 'node', 'bin', 'node');
const node = existsSync(projectNode) ? projectNode : process.execPath;
const refused = async (url) => {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch {
    return true;
  }
};
const until = async (condition, ms = 10_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (await condition()) return true;
  return false;
};

describe('the local registry of pnpm release:check', () => {
  const registry = startLocalRegistry({ node });
  after(() => registry.stop());

  it('listens on 127.0.0.1 with a throw-away user, and proxies nothing from the public registry', async () => {
    const { url, token } = await registry.ready;
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const whoami = await fetch(new URL('-/whoami', url), { headers: { authorization: `Bearer ${token}` } });
    assert.equal(whoami.status, 200, 'the token is a user of this registry');
    // react is on the public registry: with no uplinks this registry does not know it
    assert.equal((await fetch(new URL('react', url))).status, 404);
  });

  it('the throw-away user publishes @ofw/* with npm (as changeset publish does) and anyone reads it', async () => {
    const { url, token } = await registry.ready;
    const dir = mkdtempSync(path.join(tmpdir(), 'ofw-registry-test-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@ofw/probe', version: '0.1.0' }));
      const npmrc = path.join(dir, 'user.npmrc');
      writeFileSync(npmrc, `@ofw:registry=${url}\n${url.replace(/^http:/, '')}:_authToken=\${NODE_AUTH_TOKEN}\n`);
      execFileSync('npm', ['publish', '--loglevel=error'], {
        cwd: dir,
        env: { ...process.env, NPM_CONFIG_USERCONFIG: npmrc, NODE_AUTH_TOKEN: token },
      });
      const packument = await (await fetch(new URL('@ofw%2fprobe', url))).json();
      assert.equal(packument['dist-tags'].latest, '0.1.0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stop() ends the registry and removes its storage', async () => {
    const own = startLocalRegistry({ node });
    const { url } = await own.ready;
    own.stop();
    assert.ok(await until(() => refused(url)), 'the port is closed');
    assert.equal(existsSync(own.dir), false, 'the temporary folder is gone');
  });

  it('the registry exits when the process that started it is killed (SIGKILL: no cleanup code runs)', async () => {
    const script = `import { startLocalRegistry } from ${JSON.stringify(path.join(root, 'scripts/lib/local-registry.mjs'))};
const r = startLocalRegistry();
const { url } = await r.ready;
console.log(JSON.stringify({ url, dir: r.dir }));
setInterval(() => {}, 1000);`;
    const parent = spawn(node, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise((resolve, reject) => {
      parent.stdout.once('data', (d) => resolve(String(d)));
      parent.once('exit', (code) => reject(new Error(`the parent exited (${code}) before its registry was ready`)));
    });
    const { url, dir } = JSON.parse(line);
    assert.equal(await refused(url), false, 'running while its parent runs');
    parent.kill('SIGKILL');
    assert.ok(await until(() => refused(url)), 'gone once its parent is');
    rmSync(dir, { recursive: true, force: true }); // what the killed parent could not remove
  });
});

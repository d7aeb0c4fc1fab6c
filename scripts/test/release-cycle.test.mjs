// The release cycle end to end (docs/RELEASING.md), in a scratch copy of the workspace (the working tree as it is,
// built; its own git repository; node_modules linked), as the release workflow goes through it:
// 1. the "Version packages" pull request: `changeset version` consumes the pending changesets, committed (when none is
//    pending, the repository is already in the state after it);
// 2. on that commit, `release:check` passes — the state where changesets 3's `changeset version` exits 1 and CI and
//    the release job used to go red — with `--cycle-only` (no rebuild, no publint/attw: the same build, checked by
//    `pnpm test`'s own release:check);
// 3. the release workflow's publish-script, `pnpm changeset publish`, with CHANGESETS_OUTPUT as changesets/action v2
//    sets it, publishes every package to a local registry (scripts/lib/local-registry.mjs) and reports each one as a
//    `git-tag` event, tagged on the release commit;
// 4. a published package installs from that registry with npm and loads.
// Network: the npm registry only (the scratch consumers' third-party dependencies). About 2 minutes on 2 cores.
// Run by `pnpm test` (scripts/test.sh): `node --test scripts/test/*.test.mjs`.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startLocalRegistry } from '../lib/local-registry.mjs';
import {
  changesetCli,
  copyReleaseWorkspace,
  pendingChangesets,
  readGitTagEvents,
  scratchGitEnv,
} from '../lib/release-cycle.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
// the project's runtime (root devDependency `node`): changesets 3 and Verdaccio 6.10 need Node ≥ 22
const projectNode = path.join(root, 'node_modules', 'node', 'bin', 'node');
const node = existsSync(projectNode) ? projectNode : process.execPath;
const dirs = ['domain', 'api-client', 'payments', 'ui'].map((d) => path.join(root, 'packages', d));
const manifest = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

describe('the release cycle, end to end, in a scratch copy', { timeout: 300_000 }, () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'ofw-release-cycle-'));
  const workspace = path.join(scratch, 'workspace');
  const env = { ...scratchGitEnv(), PATH: [path.dirname(node), process.env.PATH].join(path.delimiter) };
  delete env.NODE_PATH; // the pinned Node's shim exports it; the scratch projects resolve only their own node_modules
  const git = (...args) => execFileSync('git', args, { cwd: workspace, env, encoding: 'utf8' }).trim();
  const changeset = (...args) =>
    spawnSync(node, [changesetCli(root).bin, ...args], { cwd: workspace, env, encoding: 'utf8' });
  /** The local registry of steps 3 and 4, started by step 3 (not while release:check runs its own). */
  let registry;
  after(() => {
    registry?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  before(() => {
    // the packages as `pnpm build` leaves them (turbo replays its cache when nothing changed)
    execFileSync('pnpm', ['exec', 'turbo', 'run', 'build', '--filter=./packages/*', '--output-logs=errors-only'], {
      cwd: root,
      stdio: 'ignore',
    });
    copyReleaseWorkspace(root, workspace, dirs, { scripts: true });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'main');
  });

  it('1. "Version packages": changeset version consumes the pending changesets, committed', async () => {
    const pending = await pendingChangesets(workspace, root);
    if (pending.length) {
      const r = changeset('version');
      assert.equal(r.status, 0, r.stdout + r.stderr);
      git('add', '-A');
      git('commit', '-q', '-m', 'chore: version packages');
    }
    assert.deepEqual(await pendingChangesets(workspace, root), [], 'nothing pending after "Version packages"');
    for (const dir of dirs) {
      const copy = path.join(workspace, path.relative(root, dir));
      const { name, version } = manifest(copy);
      assert.notEqual(version, '0.0.0', `${name}: versioned`);
      assert.match(readFileSync(path.join(copy, 'CHANGELOG.md'), 'utf8'), new RegExp(`^## ${version}$`, 'm'), name);
    }
    // why release:check and the release job must not run `changeset version` in this state (changesets 3)
    const again = changeset('version');
    assert.notEqual(again.status, 0, 'changeset version with nothing pending exits non-zero');
    assert.match(again.stdout + again.stderr, /No unreleased changesets found/);
  });

  it('2. release:check passes on that commit (no pending changesets)', () => {
    const r = spawnSync(node, ['scripts/release-check.mjs', '--cycle-only'], {
      cwd: workspace,
      env,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, `release:check failed:\n${(r.stdout + r.stderr).slice(-4000)}`);
    assert.match(r.stdout, /Release state: no pending changesets/);
    assert.match(r.stdout, /✓ release check passed/);
  });

  it('3. the publish-script (`pnpm changeset publish`) publishes every package, reported as git-tag events', async () => {
    registry = startLocalRegistry({ node });
    const { url, token } = await registry.ready;
    // the registry as setup-node's `registry-url` + `scope` write it (a user-level npmrc), the token from the env
    const userconfig = path.join(scratch, 'release.npmrc');
    writeFileSync(userconfig, `@ofw:registry=${url}\n${url.replace(/^https?:/, '')}:_authToken=\${NODE_AUTH_TOKEN}\n`);
    const output = path.join(scratch, 'changesets-output.ndjson');
    const r = spawnSync('pnpm', ['changeset', 'publish'], {
      cwd: workspace,
      encoding: 'utf8',
      env: { ...env, NPM_CONFIG_USERCONFIG: userconfig, NODE_AUTH_TOKEN: token, CHANGESETS_OUTPUT: output },
    });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const events = readGitTagEvents(readFileSync(output, 'utf8'));
    const tags = git('tag', '--points-at', 'HEAD').split('\n');
    for (const dir of dirs) {
      const { name, version } = manifest(path.join(workspace, path.relative(root, dir)));
      assert.ok(
        events.some((e) => e.packageName === name && e.tag === `${name}@${version}`),
        `${name}@${version}: a git-tag event (what changesets/action v2 reads as published)`,
      );
      assert.ok(tags.includes(`${name}@${version}`), `${name}@${version}: tagged on the release commit`);
      // a fresh connection: Verdaccio may have closed the one kept alive since the user was created
      const res = await fetch(new URL(name.replace('/', '%2f'), url), { headers: { connection: 'close' } });
      const packument = await res.json();
      assert.equal(packument['dist-tags']?.latest, version, `${name}: on the registry`);
    }
  });

  it('4. a published package installs from that registry and loads', async (t) => {
    if (!registry) return t.skip('step 3 did not run');
    const { url } = await registry.ready;
    const consumer = path.join(scratch, 'consumer');
    mkdirSync(consumer);
    const { version } = manifest(path.join(workspace, 'packages', 'domain'));
    writeFileSync(
      path.join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { '@ofw/domain': version } }),
    );
    // @ofw/* from the local registry only; its dependencies (zod, …) from the usual one
    writeFileSync(path.join(consumer, '.npmrc'), `@ofw:registry=${url}\n`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: consumer, env });
    const out = execFileSync(
      node,
      [
        '--input-type=module',
        '-e',
        `import { monthlyPrice } from '@ofw/domain';
import pkg from '@ofw/domain/package.json' with { type: 'json' };
console.log(pkg.version, monthlyPrice(551.76, 2));`,
      ],
      { cwd: consumer, env, encoding: 'utf8' },
    );
    assert.equal(out.trim(), `${version} 22.99`);
  });
});

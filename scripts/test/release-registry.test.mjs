// The registry a release publishes to is set in ONE place, the release workflow's setup-node step (docs/RELEASING.md
// "Registry settings"): the @ofw scope goes to OFW's own registry (repository variable OFW_REGISTRY_URL) with a token
// from a secret — never to the public registry by default, never with a token written in the repository. Checked
// statically, plus the workflow's settings check (scripts/release-settings.mjs) run for real against a local Verdaccio. Run by `pnpm test` (scripts/test.sh): `node --test scripts/test/`.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { startLocalRegistry } from '../lib/local-registry.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Verdaccio 6.10 needs Node ≥ 22: the project's runtime (root devDependency `node`), as `pnpm release:check` uses.
const projectNode = path.join(root, 'node_modules', 'node', 'bin', 'node');
const read = (file) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const published = ['domain', 'api-client', 'payments', 'ui'].map((dir) =>
  JSON.parse(read(`packages/${dir}/package.json`)),
);
const release = yaml.load(read('.github/workflows/release.yml'));
const job = Object.values(release.jobs).find((j) => j.steps.some((s) => s.uses?.startsWith('changesets/action@')));
const publish = job.steps.find((s) => s.uses?.startsWith('changesets/action@'));
const setupNode = job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
/** `${{ vars.NAME }}` / `${{ secrets.NAME }}`: a value GitHub holds, not one written in the repository. */
const fromRepoSettings = (value, kind) => new RegExp(`^\\$\\{\\{\\s*${kind}\\.\\w+\\s*\\}\\}$`).test(value ?? '');

describe('the release registry, set in one place', () => {
  it('no published package names a registry in publishConfig (it would override the workflow’s, unseen)', () => {
    for (const pkg of published) {
      const named = Object.keys(pkg.publishConfig ?? {}).filter((k) => /(^|:)registry$/.test(k));
      assert.deepEqual(named, [], `${pkg.name}: publishConfig`);
    }
  });

  it('no .npmrc in the repository names a registry or holds a token', () => {
    const npmrcs = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.npmrc', '.npmrc'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    for (const file of npmrcs) {
      const text = read(file);
      assert.doesNotMatch(text, /^\s*(@[\w-]+:)?registry\s*=/m, `${file}: names a registry`);
      assert.doesNotMatch(text, /_auth(Token)?\s*=|_password\s*=/, `${file}: holds a credential`);
    }
  });

  it("the release job's setup-node sets the @ofw scope's registry from a repository variable, its token from a secret", () => {
    assert.equal(
      setupNode.with?.scope,
      '@ofw',
      'setup-node writes `@ofw:registry=…` (scoped, not the default registry)',
    );
    assert.ok(
      fromRepoSettings(setupNode.with?.['registry-url'], 'vars'),
      `registry-url is a repository variable, not a literal: ${setupNode.with?.['registry-url']}`,
    );
    // setup-node's npmrc reads the token from NODE_AUTH_TOKEN; it comes from a secret, at publish time only
    assert.ok(fromRepoSettings(publish.env?.NODE_AUTH_TOKEN, 'secrets'), 'NODE_AUTH_TOKEN from a secret');
    for (const step of job.steps.filter((s) => s !== publish))
      assert.equal(step.env?.NODE_AUTH_TOKEN, undefined, `${step.name ?? step.uses ?? step.run}: no registry token`);
    // changesets/action v1 turned an NPM_TOKEN into a registry.npmjs.org line in ~/.npmrc; v2 ignores it (its
    // CHANGELOG 2.0.0: authentication is setup-node's `registry-url`): either way it is not the @ofw registry's token
    assert.equal(publish.env?.NPM_TOKEN, undefined, 'no NPM_TOKEN: nothing is meant for registry.npmjs.org');
  });
});

describe("scripts/release-settings.mjs, the release workflow's first job", () => {
  // run as the workflow runs it: `node scripts/release-settings.mjs` with the step's environment
  const settings = (env) =>
    spawnSync(process.execPath, [path.join(root, 'scripts/release-settings.mjs')], {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
    });
  const registry = startLocalRegistry({ node: projectNode });
  after(() => registry.stop());

  it("gets the workflow's variable, secret and provenance value", () => {
    const settingsJob = release.jobs[[job.needs].flat()[0]];
    const step = settingsJob.steps.find((s) => s.run?.trim() === 'node scripts/release-settings.mjs');
    assert.ok(fromRepoSettings(step.env.OFW_REGISTRY_URL, 'vars'), 'OFW_REGISTRY_URL from a repository variable');
    assert.ok(fromRepoSettings(step.env.OFW_REGISTRY_TOKEN, 'secrets'), 'OFW_REGISTRY_TOKEN from a secret');
  });

  it('passes with a registry of our own and a token it accepts', async () => {
    const { url, token } = await registry.ready;
    const r = settings({ OFW_REGISTRY_URL: url, OFW_REGISTRY_TOKEN: token, NPM_CONFIG_PROVENANCE: 'false' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /the token is the user release-/);
  });

  it('fails, naming the setting, when the URL is unset, public, not https or the token unset or refused', async () => {
    const { url, token } = await registry.ready;
    const cases = [
      [{ OFW_REGISTRY_TOKEN: token }, /OFW_REGISTRY_URL is not set/],
      [{ OFW_REGISTRY_URL: 'https://registry.npmjs.org/', OFW_REGISTRY_TOKEN: token }, /public registry/],
      [{ OFW_REGISTRY_URL: 'https://registry.yarnpkg.com', OFW_REGISTRY_TOKEN: token }, /public registry/],
      [{ OFW_REGISTRY_URL: 'http://npm.ofw.example/', OFW_REGISTRY_TOKEN: token }, /must be https/],
      [{ OFW_REGISTRY_URL: url }, /OFW_REGISTRY_TOKEN is not set/],
      [{ OFW_REGISTRY_URL: url, OFW_REGISTRY_TOKEN: 'not-a-token' }, /not accepted by http:\/\/127\.0\.0\.1/],
      [{ OFW_REGISTRY_URL: url, OFW_REGISTRY_TOKEN: token, NPM_CONFIG_PROVENANCE: 'true' }, /NPM_CONFIG_PROVENANCE/],
    ];
    for (const [env, message] of cases) {
      const r = settings(env);
      assert.notEqual(r.status, 0, `refuses ${JSON.stringify({ ...env, OFW_REGISTRY_TOKEN: '…' })}`);
      assert.match(r.stdout, /^::error::/m, 'a GitHub error annotation');
      assert.match(r.stdout, message);
      assert.doesNotMatch(r.stdout + r.stderr, new RegExp(token.replace(/[^\w]/g, '.')), 'never prints the token');
    }
  });
});

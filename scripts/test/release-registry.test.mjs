// The registry a release publishes to is set in ONE place, the release workflow's setup-node step (CONTRIBUTING.md
// "Releasing"): the @ofw scope goes to OFW's own registry (repository variable OFW_REGISTRY_URL) with a token from a
// secret — never to the public registry by default, never with a token written in the repository. Checked statically,
// plus the workflow's guard script run for real. Run by `pnpm test` (scripts/test.sh): `node --test scripts/test/`.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
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
    // NPM_TOKEN would make changesets/action write a registry.npmjs.org token line into ~/.npmrc
    assert.equal(publish.env?.NPM_TOKEN, undefined, 'no NPM_TOKEN: nothing is meant for registry.npmjs.org');
  });

  it('the job stops before publishing when that variable is unset or names the public registry', () => {
    const guard = job.steps.find((s) => s.env?.OFW_REGISTRY_URL !== undefined && s.run);
    assert.ok(guard, 'a step checks OFW_REGISTRY_URL');
    assert.equal(guard.env.OFW_REGISTRY_URL, setupNode.with['registry-url'], 'it checks the variable setup-node uses');
    assert.ok(job.steps.indexOf(guard) < job.steps.indexOf(publish), 'before changesets/action');
    const run = (url) =>
      spawnSync('bash', ['-e', '-c', guard.run], { env: { PATH: process.env.PATH, OFW_REGISTRY_URL: url } });
    for (const bad of [
      '',
      'https://registry.npmjs.org',
      'https://registry.npmjs.org/',
      'https://registry.yarnpkg.com/',
    ])
      assert.notEqual(run(bad).status, 0, `refuses ${JSON.stringify(bad)}`);
    assert.equal(run('https://npm.ofw.example/').status, 0, 'lets a registry of our own through');
  });
});

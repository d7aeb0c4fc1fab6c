// The GitHub workflows and the registry policy, checked statically (nothing here can run GitHub Actions or reach a
// registry's publish endpoint): CI runs the README's test command on pull requests with pnpm and turbo caches, the
// release workflow runs the tests before publishing, and access, license and provenance agree between the workflow,
// changesets and the four published packages. Run by `pnpm test` (scripts/test.sh): `node --test scripts/test/`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import yaml from 'js-yaml';

const read = (file) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const workflow = (name) => yaml.load(read(`.github/workflows/${name}`));
const rootPkg = JSON.parse(read('package.json'));
const published = ['domain', 'api-client', 'payments', 'ui'].map((dir) => ({
  dir,
  pkg: JSON.parse(read(`packages/${dir}/package.json`)),
}));
const steps = (wf) => Object.values(wf.jobs).flatMap((job) => job.steps.map((step) => ({ job, step })));
const runs = (job) => job.steps.map((s) => s.run?.trim()).filter(Boolean);

/** The README's test command: the code line under "Run every test:" (e.g. `npm i -g pnpm@10 && pnpm install && pnpm test`). */
const readmeTestCommand = (() => {
  const readme = read('README.md');
  const block = /Run every test:\s*```sh\n([^\n]+)\n```/.exec(readme);
  assert.ok(block, 'README has a "Run every test:" sh block');
  return block[1].trim();
})();
const testCommand = readmeTestCommand.split('&&').at(-1).trim();
const pnpmMajor = /^pnpm@(\d+)\./.exec(rootPkg.packageManager)?.[1];
const nodeMajor = /(\d+)/.exec(rootPkg.engines.node)?.[1];

/** Asserts one job installs pnpm (packageManager's version), caches the pnpm store and turbo's cache, installs. */
function assertToolchainAndCaches(job, name) {
  const uses = (action) => job.steps.find((s) => s.uses?.startsWith(`${action}@`));
  const pnpmSetup = uses('pnpm/action-setup');
  assert.ok(pnpmSetup, `${name}: pnpm/action-setup installs pnpm`);
  // pnpm/action-setup@v4 fails with "Multiple versions of pnpm specified" when its `version` input and package.json's
  // packageManager both name a version (even 10 beside pnpm@10.34.9), so the version comes from packageManager only.
  assert.equal(pnpmSetup.with?.version, undefined, `${name}: no \`version\` input beside packageManager`);
  assert.equal(pnpmMajor, '10', `packageManager pins pnpm 10 (the README installs pnpm@10)`);
  const node = uses('actions/setup-node');
  assert.equal(node?.with?.cache, 'pnpm', `${name}: setup-node caches the pnpm store`);
  const turbo = uses('actions/cache');
  assert.equal(turbo?.with?.path, '.turbo/cache', `${name}: actions/cache keeps turbo's local cache`);
  assert.match(turbo.with.key, /github\.sha/, `${name}: turbo cache saved per commit`);
  assert.ok(turbo.with['restore-keys'], `${name}: turbo cache restored from the newest earlier entry`);
  const order = job.steps.indexOf(uses('pnpm/action-setup')) < job.steps.indexOf(node);
  assert.ok(order, `${name}: pnpm is installed before setup-node looks for its store`);
  assert.ok(
    runs(job).some((r) => /^pnpm install --frozen-lockfile$/.test(r)),
    `${name}: pnpm install --frozen-lockfile`,
  );
}

describe('.github/workflows/ci.yml', () => {
  const ci = workflow('ci.yml');

  it('runs on pull requests', () => {
    assert.ok(ci.on && 'pull_request' in ci.on);
  });

  it("runs the README's test command with pnpm and turbo caches on the declared Node", () => {
    assert.equal(testCommand, 'pnpm test');
    const testing = Object.entries(ci.jobs).filter(([, job]) => runs(job).includes(testCommand));
    assert.equal(testing.length, 1, `one job runs \`${testCommand}\``);
    const [name, job] = testing[0];
    assertToolchainAndCaches(job, name);
    const node = job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    assert.equal(String(node.with['node-version']), nodeMajor, `Node ${nodeMajor}, the engines minimum`);
    // that Node only bootstraps the install (the container is the same one, as on the project's machines); the tests
    // then run on the root devDependency `node` (README "Quick start"), which the lockfile pins for CI too
    assert.equal(/^node:(\d+)-/.exec(job.container ?? '')?.[1], nodeMajor, `${name}: container node:${nodeMajor}-*`);
    assert.ok(rootPkg.devDependencies.node, 'the runtime is the root devDependency `node`');
    const install = runs(job).indexOf('pnpm install --frozen-lockfile');
    assert.ok(install >= 0 && install < runs(job).indexOf(testCommand), 'install before test');
  });

  it('checks the packages on every other supported Node (22, 24) with release:check', () => {
    const matrixJobs = Object.values(ci.jobs).filter((job) => runs(job).includes('pnpm release:check'));
    const nodes = matrixJobs.flatMap((job) => job.strategy?.matrix?.node ?? []).map(String);
    assert.deepEqual(nodes.sort(), ['22', '24']);
  });
});

describe('.github/workflows/release.yml', () => {
  const release = workflow('release.yml');
  const all = steps(release);
  const publish = all.find(({ step }) => step.uses?.startsWith('changesets/action@'));

  it('publishes with changesets after the whole test suite passed in the same job', () => {
    assert.ok(publish, 'changesets/action publishes');
    const { job } = publish;
    const testAt = job.steps.findIndex((s) => s.run?.trim() === testCommand);
    assert.ok(testAt >= 0, `the release job runs \`${testCommand}\``);
    assert.ok(testAt < job.steps.indexOf(publish.step), 'tests run before version/publish');
    assertToolchainAndCaches(job, 'release');
    assert.equal(publish.step.with.publish, 'pnpm changeset publish');
  });

  it('gives changesets/action a token that triggers CI on the "Version packages" pull request, not the default GITHUB_TOKEN', () => {
    // GitHub runs no workflow for events caused by the default GITHUB_TOKEN: a "Version packages" PR opened or pushed
    // with it would never be tested. changesets/action takes a PAT or a GitHub App token instead: v1 from the
    // GITHUB_TOKEN env (preferred) or its `github-token` input, v2 from the input only (its README).
    const major = Number(/@v(\d+)/.exec(publish.step.uses)?.[1]);
    const given = [publish.step.env?.GITHUB_TOKEN, publish.step.with?.['github-token']].filter(Boolean);
    assert.ok(given.length > 0, 'changesets/action gets a token');
    if (major >= 2) assert.ok(publish.step.with?.['github-token'], 'v2 reads the `github-token` input only');
    assert.equal(new Set(given).size, 1, 'one token');
    const [token] = given;
    assert.doesNotMatch(token, /secrets\.GITHUB_TOKEN|github\.token/, 'not the default workflow token');
    const { job } = publish;
    const app = /^\$\{\{\s*steps\.([\w-]+)\.outputs\.token\s*\}\}$/.exec(token);
    if (app) {
      const maker = job.steps.find((s) => s.id === app[1]);
      assert.match(
        maker?.uses ?? '',
        /^actions\/create-github-app-token@/,
        `step ${app[1]} creates a GitHub App token`,
      );
      assert.match(maker.with?.['private-key'] ?? '', /secrets\./, 'the app key comes from a secret');
      assert.ok(job.steps.indexOf(maker) < job.steps.indexOf(publish.step), 'the token exists before the action runs');
    } else assert.match(token, /^\$\{\{\s*secrets\.\w+\s*\}\}$/, 'else a PAT from a repository secret');
    // the action pushes the version branch with the credentials actions/checkout stored: the same token
    const checkout = job.steps.find((s) => s.uses?.startsWith('actions/checkout@'));
    assert.equal(checkout?.with?.token, token, 'actions/checkout stores the same token for the push');
  });

  it('provenance, access and license agree with every published package and changesets', () => {
    const changesets = JSON.parse(read('.changeset/config.json'));
    const access = new Set([changesets.access, ...published.map(({ pkg }) => pkg.publishConfig?.access)]);
    assert.equal(access.size, 1, `one access for all: ${[...access]}`);
    const [policy] = access;
    const provenanceEnv = publish.step.env?.NPM_CONFIG_PROVENANCE;
    const idToken = release.permissions?.['id-token'] ?? publish.job.permissions?.['id-token'];
    if (policy === 'restricted') {
      // OFW-internal: not open source, and npm refuses provenance for non-public packages.
      for (const { pkg } of published) {
        assert.equal(pkg.license, 'UNLICENSED', `${pkg.name}: license`);
        assert.equal(pkg.publishConfig.provenance, false, `${pkg.name}: publishConfig.provenance`);
      }
      assert.notEqual(provenanceEnv, 'true', 'no NPM_CONFIG_PROVENANCE for restricted packages');
      assert.notEqual(idToken, 'write', 'no id-token: write when nothing is attested');
    } else {
      assert.equal(policy, 'public');
      for (const { pkg } of published) {
        assert.notEqual(pkg.license, 'UNLICENSED', `${pkg.name}: a public package needs a real license`);
        assert.notEqual(pkg.publishConfig?.provenance, false, `${pkg.name}: provenance`);
      }
      assert.equal(provenanceEnv, 'true', 'NPM_CONFIG_PROVENANCE');
      assert.equal(idToken, 'write', 'id-token: write for provenance');
    }
  });

  it('every published package names its repository (with directory), homepage and bugs', () => {
    for (const { dir, pkg } of published) {
      assert.match(pkg.repository?.url ?? '', /^git\+https:\/\/github\.com\/[^/]+\/[^/]+\.git$/, pkg.name);
      assert.equal(pkg.repository.directory, `packages/${dir}`, `${pkg.name}: repository.directory`);
      const repo = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
      assert.equal(pkg.homepage, `${repo}/tree/main/packages/${dir}#readme`, `${pkg.name}: homepage`);
      assert.equal(pkg.bugs?.url, `${repo}/issues`, `${pkg.name}: bugs`);
    }
  });
});

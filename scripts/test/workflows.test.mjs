// The GitHub workflows and the registry policy, checked statically (nothing here can run GitHub Actions or reach a
// registry's publish endpoint): CI runs the README's test command on pull requests with pnpm and turbo caches, the
// release workflow checks its registry settings first and runs release:check before changesets/action v2 publishes,
// and access, license and provenance agree between the workflow, changesets and the four published packages. Run by `pnpm test` (scripts/test.sh): `node --test scripts/test/`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import yaml from 'js-yaml';
import { supportedNodes } from '../lib/node-matrix.mjs';

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
    // then run on the root devDependency `node` (docs/DEVELOPMENT.md "Runtime"), which the lockfile pins for CI too
    assert.equal(/^node:(\d+)-/.exec(job.container ?? '')?.[1], nodeMajor, `${name}: container node:${nodeMajor}-*`);
    assert.ok(rootPkg.devDependencies.node, 'the runtime is the root devDependency `node`');
    const install = runs(job).indexOf('pnpm install --frozen-lockfile');
    assert.ok(install >= 0 && install < runs(job).indexOf(testCommand), 'install before test');
  });

  it('bootstraps release:check on every other supported LTS Node (22, 24, 26: up to the pinned runtime)', () => {
    const matrixJobs = Object.values(ci.jobs).filter((job) => runs(job).includes('pnpm release:check'));
    const nodes = matrixJobs.flatMap((job) => job.strategy?.matrix?.node ?? []).map(Number);
    const pinned = JSON.parse(read('node_modules/node/package.json')).version;
    const supported = supportedNodes(rootPkg.engines.node, pinned).map((n) => n.major);
    assert.deepEqual(
      nodes.sort((a, b) => a - b),
      supported.filter((major) => String(major) !== nodeMajor),
    );
  });

  it("keeps release:check's Node binaries (node_modules/.cache/node-matrix) between runs, restored after install", () => {
    for (const [name, job] of Object.entries(ci.jobs)) {
      const cache = job.steps.find((s) => s.with?.path === 'node_modules/.cache/node-matrix');
      assert.ok(cache?.uses?.startsWith('actions/cache@'), `${name}: actions/cache keeps the Node binaries`);
      const at = (run) => job.steps.findIndex((s) => s.run?.trim() === run);
      assert.ok(at('pnpm install --frozen-lockfile') < job.steps.indexOf(cache), `${name}: after pnpm install`);
      const check = Math.max(at('pnpm test'), at('pnpm release:check'));
      assert.ok(job.steps.indexOf(cache) < check, `${name}: before the check that uses them`);
    }
  });
});

describe('.github/workflows/release.yml', () => {
  const release = workflow('release.yml');
  const all = steps(release);
  const publish = all.find(({ step }) => step.uses?.startsWith('changesets/action@'));

  it('checks the registry settings first, in a job of its own, before anything is installed or tested', () => {
    const { job } = publish;
    const needs = [job.needs ?? []].flat();
    assert.equal(needs.length, 1, 'the release job waits for one job');
    const settings = release.jobs[needs[0]];
    const check = settings.steps.find((s) => s.run?.trim() === 'node scripts/release-settings.mjs');
    assert.ok(check, `${needs[0]}: runs scripts/release-settings.mjs`);
    assert.ok(!runs(settings).some((r) => /pnpm (install|test)|release:check/.test(r)), 'nothing installed or tested');
    for (const name of ['OFW_REGISTRY_URL', 'OFW_REGISTRY_TOKEN', 'NPM_CONFIG_PROVENANCE'])
      assert.ok(check.env?.[name] !== undefined, `the check gets ${name}`);
    const setupNode = job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    assert.equal(check.env.OFW_REGISTRY_URL, setupNode.with['registry-url'], 'the URL setup-node uses');
    assert.equal(check.env.OFW_REGISTRY_TOKEN, publish.step.env.NODE_AUTH_TOKEN, 'the token the publish step uses');
    assert.equal(check.env.NPM_CONFIG_PROVENANCE, publish.step.env.NPM_CONFIG_PROVENANCE, 'the provenance it uses');
  });

  it("publishes with changesets after release:check, without repeating CI's whole suite", () => {
    assert.ok(publish, 'changesets/action publishes');
    const { job } = publish;
    const checkAt = job.steps.findIndex((s) => s.run?.trim() === 'pnpm release:check');
    assert.ok(checkAt >= 0, 'the release job runs `pnpm release:check` (what publishing needs)');
    assert.ok(checkAt < job.steps.indexOf(publish.step), 'release:check before version/publish');
    assert.ok(!runs(job).includes(testCommand), `CI runs \`${testCommand}\`; the release job does not repeat it`);
    assertToolchainAndCaches(job, 'release');
    assert.notEqual(release.concurrency?.['cancel-in-progress'], true, 'a publish is never cancelled halfway');
  });

  it('uses changesets/action v2 (for @changesets/cli 3) with its renamed inputs', () => {
    // v2's CHANGELOG: `version` → `version-script`, `publish` → `publish-script`, `commit` → `commit-message`,
    // `title` → `pr-title`, `branch` → `pr-base-branch`; the old names make it fail. It finds what was published in the
    // CHANGESETS_OUTPUT file CLI 3 writes (v1 parsed "New tag:" lines CLI 3 no longer prints).
    // pinned by SHA, its release in the line's comment (scripts/test/actions-pinned.test.mjs)
    const pinned = /uses:\s*changesets\/action@[0-9a-f]{40}\s+#\s*v(\d+)\./.exec(read('.github/workflows/release.yml'));
    assert.equal(pinned?.[1], '2', publish.step.uses);
    const cli = /~?\^?(\d+)\./.exec(yaml.load(read('pnpm-workspace.yaml')).catalog['@changesets/cli'])?.[1];
    assert.equal(cli, '3', 'changesets/action v2 requires @changesets/cli 3');
    const inputs = Object.keys(publish.step.with ?? {});
    const renamed = ['version', 'publish', 'commit', 'title', 'branch', 'createGithubReleases', 'prDraft'];
    assert.deepEqual(
      inputs.filter((i) => renamed.includes(i)),
      [],
      'no v1 input names',
    );
    assert.equal(publish.step.with['version-script'], 'pnpm changeset version');
    assert.equal(publish.step.with['publish-script'], 'pnpm changeset publish');
  });

  it('gives changesets/action a token that triggers CI on the "Version packages" pull request, not the default GITHUB_TOKEN', () => {
    // GitHub runs no workflow for events caused by the default GITHUB_TOKEN: a "Version packages" PR opened or pushed
    // with it would never be tested. changesets/action v2 takes a PAT or a GitHub App token from its `github-token`
    // input only, and fails when a different GITHUB_TOKEN env is set (its README and CHANGELOG 2.0.0).
    const token = publish.step.with?.['github-token'];
    assert.ok(token, 'the `github-token` input');
    assert.equal(publish.step.env?.GITHUB_TOKEN, undefined, 'no GITHUB_TOKEN env beside it');
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
    // v2 pushes commits and tags through the GitHub API with that token (unless push-with-git-cli): checkout keeps
    // no credentials for anything else in the job to read
    assert.notEqual(publish.step.with['push-with-git-cli'], true);
    const checkout = job.steps.find((s) => s.uses?.startsWith('actions/checkout@'));
    assert.equal(checkout?.with?.['persist-credentials'], false, 'actions/checkout persists no credentials');
    const perms = job.permissions ?? release.permissions;
    assert.equal(perms?.contents, 'write', 'contents: write (the version commit, tags, releases)');
    assert.equal(perms?.['pull-requests'], 'write', 'pull-requests: write (the "Version packages" PR)');
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

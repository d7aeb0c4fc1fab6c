// `pnpm release:check`: proves the four published packages are releasable, by releasing them to a throw-away registry.
// It passes in both states of the release cycle (docs/RELEASING.md): with pending changesets (a push to main, where
// the release workflow opens the "Version packages" pull request) and with none (that pull request, and main once it
// is merged, where the workflow publishes).
// 1. builds them (turbo);
// 2. each package's `check:pkg`: `publint --strict` and `attw --pack` in every profile (node10, node16 from CJS,
//    node16 from ESM, bundler).
//    `--cycle-only` leaves out 1. and 2. and takes the packages as built (dist/ must be there): for
//    scripts/test/release-cycle.test.mjs, which runs this script again in a scratch copy after `changeset version` —
//    the build and its checks do not depend on the changesets, and `pnpm test` runs them in its own release:check;
// 3. the registry policy (restricted, UNLICENSED, no provenance, no registry in publishConfig; repository/homepage/
//    bugs) and what the builds import: @ofw/api-client's main entry is free of @tanstack/react-query, @ofw/payments
//    imports only braintree-web's per-module entry points (no consumer alias needed);
// 4. releases them as the release workflow does (docs/RELEASING.md), on a scratch copy of the workspace committed to
//    a scratch git repository (the working tree is never changed):
//    - with pending changesets: `changeset version` (the pending changesets become versions and CHANGELOG.md; a first
//      release has no "Major Changes"), committed as the "Version packages" pull request commits it;
//    - with none (the "Version packages" commit is in): the versions as they are. `changeset version` is not run: the
//      changesets CLI 3 exits 1 when nothing is pending ("No unreleased changesets found"), and changesets/action
//      publishes in that state without versioning;
//    then `changeset publish` to a local Verdaccio (scripts/lib/local-registry.mjs: temporary storage, 127.0.0.1, a
//    free port, no uplinks, a throw-away user; it stops with this script, also on failure or a signal), with
//    CHANGESETS_OUTPUT set as changesets/action v2 sets it: every published package must be reported there as a
//    `git-tag` event and tagged in the scratch repository (the action pushes those tags and makes the GitHub releases
//    from them; it no longer reads the CLI's log). The published manifests keep no `workspace:`/`catalog:` range, and
//    each tarball carries a CHANGELOG.md with an entry for the version published (the action's GitHub release body);
// 5. installs @ofw/* FROM THAT REGISTRY with npm (`@ofw:registry=…` in the project's .npmrc; everything else from the
//    usual registry) into two scratch projects OUTSIDE the workspace:
//    - ESM (`"type": "module"`, every peer incl. the optional @tanstack/react-query): `import` every `exports` subpath
//      of every package (package.json and the stylesheet resolve to files), call one function of each package,
//      type-check a consumer with moduleResolution node16 and bundler;
//    - CommonJS (`"type": "commonjs"`, a Node service: no @tanstack/react-query): `require` every subpath but
//      `@ofw/api-client/query` (which must fail without its optional peer), call one function of each, type-check a
//      consumer with moduleResolution node16 (the `require` types, .d.cts).
//    Both scratch projects run on every Node the packages support (scripts/lib/node-matrix.mjs, docs/RUNTIME.md): one
//    per LTS major from their `engines` minimum to the pinned runtime (the root devDependency `node`) — 20.19.0 (the
//    minimum itself), the newest 22 and 24, and the pinned 26 — fetched from the npm registry into
//    node_modules/.cache/node-matrix/ once, plus the machine's own Node (scripts/lib/machine-node.mjs) and the one this
//    script runs on, when they are other binaries.
// It prints which state it found ("› Release state: …") and how long each stage took (it runs in `pnpm test`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { constants as osConstants, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLocalRegistry } from './lib/local-registry.mjs';
import { findMachineNode } from './lib/machine-node.mjs';
import { nodeMatrix } from './lib/node-matrix.mjs';
import { root } from './lib/processes.mjs';
import { checkApiClientBuild, checkPaymentsBuild, checkRegistryPolicy } from './lib/release-contents.mjs';
import { cjsConsumer, cjsMain, CONSUMER, esmMain } from './lib/release-consumers.mjs';
import { checkReleasedChangelogs, registryManifests } from './lib/release-published.mjs';
import {
  changesetCli,
  copyReleaseWorkspace,
  pendingChangesets,
  readGitTagEvents,
  scratchGitEnv,
} from './lib/release-cycle.mjs';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--cycle-only');
if (unknown.length) throw new Error(`release:check: unknown argument(s) ${unknown.join(' ')}`);
/** `--cycle-only`: the release cycle (3.–5.) on the packages as built, without 1. and 2. */
const cycleOnly = args.includes('--cycle-only');

// node_modules/.bin/node (the pinned runtime's shim, which runs this script under `pnpm release:check`) exports
// NODE_PATH=<the workspace's node_modules/.pnpm/node_modules>: inherited, it would let the scratch projects `require`
// what they never installed (e.g. the optional peer @tanstack/react-query). They resolve only their own node_modules.
delete process.env.NODE_PATH;
const started = performance.now();
/** [label, ms] of each timed stage, printed at the end. */
const timings = [];
const timed = (label, fn) => {
  const t = performance.now();
  const result = fn();
  timings.push([label, performance.now() - t]);
  return result;
};

const published = ['domain', 'api-client', 'payments', 'ui'].map((d) => {
  const dir = path.join(root, 'packages', d);
  return { dir, pkg: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) };
});
const sh = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });
const step = (m) => console.log(`\n› ${m}`);
const version = (node) => execFileSync(node, ['-p', 'process.version'], { encoding: 'utf8' }).trim();

const fail = (m) => {
  throw new Error(m);
};

// The Nodes the scratch projects run on: one per supported LTS major, then the machine's own and this script's.
const engines = [...new Set(published.map((p) => p.pkg.engines?.node))];
if (engines.length !== 1) fail(`the published packages declare different engines.node: ${engines.join(', ')}`);
const machineNode = findMachineNode();
if (!machineNode) console.log('› No machine Node found outside node_modules/.bin');
step(`Node matrix: every LTS major from engines.node ${engines[0]} to the pinned runtime (npm registry, cached)`);
const matrix = timed('node matrix', () =>
  nodeMatrix({
    engines: engines[0],
    pinned: realpathSync(path.join(root, 'node_modules/node/bin/node')),
    atHand: [machineNode, realpathSync(process.execPath)].filter(Boolean),
    cacheDir: path.join(root, 'node_modules/.cache/node-matrix'),
  }),
);
for (const { major, version: v, binary } of matrix) console.log(`  Node ${major}: ${v} (${binary})`);
const runtimes = [...new Set([...matrix.map((m) => m.binary), machineNode, realpathSync(process.execPath)])].filter(
  Boolean,
);
const runOnEveryNode = (file, cwd) => {
  for (const node of runtimes) {
    console.log(`  on Node ${version(node)} (${node})`);
    sh(node, [file], cwd);
  }
};
if (cycleOnly) {
  console.log('\n› --cycle-only: no build, no check:pkg (publint, attw): the packages as built');
  for (const { dir, pkg } of published)
    if (!existsSync(path.join(dir, 'dist'))) fail(`${pkg.name}: no dist/ (build it first: pnpm build)`);
} else {
  step('Building the published packages');
  timed('build', () =>
    sh('pnpm', [
      'exec',
      'turbo',
      'run',
      'build',
      ...published.map((p) => `--filter=${p.pkg.name}`),
      '--output-logs=errors-only',
    ]),
  );

  for (const { dir, pkg } of published) {
    // Each package's own `check:pkg`: publint --strict + attw --pack, all profiles (@ofw/ui excludes its stylesheet).
    step(`${pkg.name}: check:pkg (publint --strict, attw --pack, all profiles)`);
    timed(`check:pkg (${pkg.name})`, () => sh('pnpm', ['run', 'check:pkg'], dir));
  }
}
step('Registry policy and build contents');
checkRegistryPolicy(published);
checkApiClientBuild(published);
checkPaymentsBuild(published);

// 4. The release itself, on a scratch copy of the workspace (the working tree is never touched): `changeset version`,
//    then `changeset publish` to a throw-away local registry, then consumers install @ofw/* from that registry.
const scratch = mkdtempSync(path.join(tmpdir(), 'ofw-release-'));
const workspace = path.join(scratch, 'workspace');
/** git in the scratch workspace's own repository (its output, trimmed). */
const git = (...gitArgs) =>
  execFileSync('git', gitArgs, { cwd: workspace, env: scratchGitEnv(), encoding: 'utf8' }).trim();
let registry;
const cleanUp = () => {
  registry?.stop();
  rmSync(scratch, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.once(signal, () => {
    cleanUp();
    process.exit(128 + osConstants.signals[signal]);
  });
try {
  // Verdaccio starts in its own process while the copy is made and versioned.
  registry = startLocalRegistry();
  registry.ready.catch(() => {}); // awaited below; this only keeps an early failure from being "unhandled"

  step(
    `Copying the workspace to ${workspace} (package.json of every workspace, .changeset/, packages/* with dist/, tooling/*)`,
  );
  timed('copy', () => {
    copyReleaseWorkspace(
      root,
      workspace,
      published.map((p) => p.dir),
    );
    // its own repository, holding the workspace as it is: `changeset publish` tags the release there, not in this one
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'the workspace as checked');
  });

  // The changeset CLI's documented commands (`changeset version`, `changeset publish`), its bin run by this script's
  // Node (changesets 3 needs Node ≥ 22), which also comes first on PATH for the pnpm/npm it starts.
  const cli = changesetCli(root);
  const changeset = (command, env = {}) =>
    execFileSync(process.execPath, [cli.bin, command], {
      cwd: workspace,
      stdio: 'inherit',
      env: {
        ...scratchGitEnv(),
        PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
        ...env,
      },
    });
  // The state of the release cycle, decided as changesets/action decides it (scripts/lib/release-cycle.mjs).
  const pending = await pendingChangesets(workspace, root);
  if (pending.length) {
    step(`Release state: ${pending.length} pending changesets — the "Version packages" pull request versions them`);
    step('changeset version (the pending changesets become versions and CHANGELOG.md), committed');
    timed('changeset version', () => changeset('version'));
    git('add', '-A');
    git('commit', '-q', '-m', 'Version packages');
  } else {
    // `changeset version` would exit 1 here (changesets 3: "No unreleased changesets found"); the action publishes.
    step('Release state: no pending changesets — "Version packages" is in: the versions as they are are published');
  }
  const released = published.map(({ dir, pkg }) => {
    const copy = path.join(workspace, path.relative(root, dir));
    const next = JSON.parse(readFileSync(path.join(copy, 'package.json'), 'utf8'));
    const file = path.join(copy, 'CHANGELOG.md');
    const changelog = existsSync(file) ? readFileSync(file, 'utf8') : '';
    // The first release: with pending changesets, the package has no CHANGELOG.md in the repository yet (changeset
    // version writes it); with none, the CHANGELOG.md it publishes has that one version.
    const first = pending.length
      ? !existsSync(path.join(dir, 'CHANGELOG.md'))
      : changelog.split('\n').filter((l) => l.startsWith('## ')).length === 1;
    return { name: pkg.name, from: pkg.version, version: next.version, changelog, first };
  });
  checkReleasedChangelogs(released);

  const { url: registryUrl, token } = await registry.ready;
  step(`changeset publish to a local Verdaccio at ${registryUrl} (throw-away user and token)`);
  // The registry as the release workflow sets it (docs/RELEASING.md): a user-level npmrc naming the @ofw
  // scope's registry and its token from the environment, exactly as actions/setup-node's `registry-url` + `scope`
  // write it. No package.json and no project .npmrc names a registry.
  const userconfig = path.join(scratch, 'release.npmrc');
  writeFileSync(
    userconfig,
    `@ofw:registry=${registryUrl}\n${registryUrl.replace(/^https?:/, '')}:_authToken=\${NODE_AUTH_TOKEN}\n`,
  );
  // CHANGESETS_OUTPUT: where changesets/action v2 has the CLI report what it published (see the top of this file)
  const output = path.join(scratch, 'changesets-output.ndjson');
  timed('changeset publish', () =>
    changeset('publish', { NPM_CONFIG_USERCONFIG: userconfig, NODE_AUTH_TOKEN: token, CHANGESETS_OUTPUT: output }),
  );
  step(
    'What changesets/action would push: the git-tag events in CHANGESETS_OUTPUT, and the tags on the release commit',
  );
  const events = existsSync(output) ? readGitTagEvents(readFileSync(output, 'utf8')) : [];
  const tagsAtHead = git('tag', '--points-at', 'HEAD').split('\n').filter(Boolean);
  for (const r of released) {
    const tag = `${r.name}@${r.version}`;
    if (!events.some((e) => e.packageName === r.name && e.tag === tag))
      fail(`${r.name}: no git-tag event ${tag} in CHANGESETS_OUTPUT (the action would report it unpublished)`);
    if (!tagsAtHead.includes(tag)) fail(`${r.name}: changeset publish did not tag the release commit ${tag}`);
  }
  console.log(`  ${events.map((e) => e.tag).join(', ')}`);

  step('What the registry holds');
  const manifests = await registryManifests(released, registryUrl, scratch);

  const peers = Object.assign({}, ...published.map((p) => p.pkg.peerDependencies ?? {}));
  const optionalPeers = new Set(published.flatMap((p) => Object.keys(p.pkg.peerDependenciesMeta ?? {})));
  const project = (name, type, withOptionalPeers) => {
    const dir = path.join(scratch, name);
    mkdirSync(dir);
    const deps = Object.fromEntries(Object.entries(peers).filter(([n]) => withOptionalPeers || !optionalPeers.has(n)));
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify(
        {
          name: `ofw-release-${name}`,
          private: true,
          type,
          dependencies: {
            ...Object.fromEntries(released.map((r) => [r.name, r.version])),
            ...deps,
            'react-dom': '^19.0.0',
            typescript: '~5.9.3',
            '@types/react': '~19.3.0',
          },
        },
        null,
        2,
      ),
    );
    // @ofw/* from the local registry only; everything else from the machine's usual registry
    writeFileSync(path.join(dir, '.npmrc'), `@ofw:registry=${registryUrl}\n`);
    step(`${name}: installing @ofw/* from ${registryUrl} in a scratch ${type} project (npm)`);
    timed(`npm install (${name})`, () =>
      sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-online'], dir),
    );
    return dir;
  };
  const tsc = (dir, file, mod, res) => {
    timed(`tsc (${path.basename(dir)}, ${res})`, () =>
      sh(
        'npx',
        [
          'tsc',
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          '--jsx',
          'react-jsx',
          '--module',
          mod,
          '--moduleResolution',
          res,
        ].concat(['--target', 'es2022', '--lib', 'es2023,dom', file]),
        dir,
      ),
    );
    console.log(`  ${file}: types resolve with moduleResolution ${res}`);
  };
  // Every `exports` subpath of every published package, as the registry has them (see everyEntry).
  const entries = released.flatMap((r) =>
    Object.keys(manifests[r.name].exports).map((sub) => ({
      specifier: sub === '.' ? r.name : `${r.name}/${sub.slice(2)}`,
      file: /\.(json|css)$/.test(sub),
      version: r.version,
    })),
  );
  const esm = project('esm', 'module', true);
  step(
    `esm: import every entry from plain Node ESM and call one function of each package (${runtimes.map(version).join(', ')})`,
  );
  writeFileSync(path.join(esm, 'main.mjs'), esmMain(entries));
  timed('run (esm)', () => runOnEveryNode('main.mjs', esm));
  step('esm: type-checking a consumer (moduleResolution node16 and bundler)');
  writeFileSync(path.join(esm, 'consumer.ts'), CONSUMER);
  tsc(esm, 'consumer.ts', 'node16', 'node16');
  tsc(esm, 'consumer.ts', 'esnext', 'bundler');

  const cjs = project('cjs', 'commonjs', false);
  step(
    `cjs: require every entry from plain Node CommonJS (no @tanstack/react-query) and call one function of each package (${runtimes.map(version).join(', ')})`,
  );
  writeFileSync(path.join(cjs, 'main.cjs'), cjsMain(entries));
  timed('run (cjs)', () => runOnEveryNode('main.cjs', cjs));
  step('cjs: type-checking a consumer (moduleResolution node16, CommonJS: the .d.cts types)');
  writeFileSync(path.join(cjs, 'consumer.ts'), cjsConsumer());
  tsc(cjs, 'consumer.ts', 'node16', 'node16');
  console.log('\n✓ release check passed');
} finally {
  cleanUp();
  const total = (performance.now() - started) / 1000;
  console.log(
    `\n› Timings: ${timings.map(([l, ms]) => `${l} ${(ms / 1000).toFixed(1)} s`).join(', ')}; total ${total.toFixed(1)} s`,
  );
}

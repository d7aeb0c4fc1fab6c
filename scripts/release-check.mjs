// `pnpm release:check`: proves the four published packages are releasable as they would reach the registry.
// 1. builds them (turbo);
// 2. each package's `check:pkg`: `publint --strict` and `attw --pack` in every profile (node10, node16 from CJS,
//    node16 from ESM, bundler);
// 3. the registry policy (restricted, UNLICENSED, no provenance; repository/homepage/bugs) and what the builds import:
//    @ofw/api-client's main entry is free of @tanstack/react-query, @ofw/payments imports only braintree-web's
//    per-module entry points (no consumer alias needed);
// 4. packs each with pnpm (`workspace:^` and `catalog:` become real ranges) and installs the four tarballs with npm
//    into two scratch projects OUTSIDE the workspace:
//    - ESM (`"type": "module"`, every peer incl. the optional @tanstack/react-query): `import` each package and
//      `@ofw/api-client/query`, call one function of each, type-check a consumer with moduleResolution node16 and
//      bundler;
//    - CommonJS (`"type": "commonjs"`, a Node service: no @tanstack/react-query): `require` each package, call one
//      function of each, type-check a consumer with moduleResolution node16 (the `require` types, .d.cts).
//    Both scratch projects run on two Nodes: the runtime this script runs on (`pnpm release:check`: the root
//    devDependency `node`, README "Quick start") and the machine's own Node (scripts/lib/machine-node.mjs, the
//    oldest one the packages' `engines` admit on these machines); skipped, with a message, only when there is none.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findMachineNode } from './lib/machine-node.mjs';
import { root } from './lib/processes.mjs';

// node_modules/.bin/node (the pinned runtime's shim, which runs this script under `pnpm release:check`) exports
// NODE_PATH=<the workspace's node_modules/.pnpm/node_modules>: inherited, it would let the scratch projects `require`
// what they never installed (e.g. the optional peer @tanstack/react-query). They resolve only their own node_modules.
delete process.env.NODE_PATH;

const published = ['domain', 'api-client', 'payments', 'ui'].map((d) => {
  const dir = path.join(root, 'packages', d);
  return { dir, pkg: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) };
});
const sh = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });
const step = (m) => console.log(`\n› ${m}`);
const version = (node) => execFileSync(node, ['-p', 'process.version'], { encoding: 'utf8' }).trim();

/** The Nodes the scratch projects run on: this script's runtime, then the machine's own (when it is another one). */
const runtimes = [realpathSync(process.execPath)];
const machineNode = findMachineNode();
if (!machineNode)
  console.log('› No machine Node found outside node_modules/.bin: the packages run on this runtime only');
else if (!runtimes.includes(machineNode)) runtimes.push(machineNode);
const runOnEveryNode = (file, cwd) => {
  for (const node of runtimes) {
    console.log(`  on Node ${version(node)} (${node})`);
    sh(node, [file], cwd);
  }
};
const fail = (m) => {
  throw new Error(m);
};

step('Building the published packages');
sh('pnpm', [
  'exec',
  'turbo',
  'run',
  'build',
  ...published.map((p) => `--filter=${p.pkg.name}`),
  '--output-logs=errors-only',
]);

for (const { dir, pkg } of published) {
  // Each package's own `check:pkg`: publint --strict + attw --pack, all profiles (@ofw/ui excludes its stylesheet).
  step(`${pkg.name}: check:pkg (publint --strict, attw --pack, all profiles)`);
  sh('pnpm', ['run', 'check:pkg'], dir);
}

step('Registry policy and build contents');
for (const { pkg } of published) {
  const where = `${pkg.name}: `;
  if (pkg.license !== 'UNLICENSED') fail(`${where}license must be UNLICENSED (OFW-internal, access restricted)`);
  if (pkg.publishConfig?.access !== 'restricted') fail(`${where}publishConfig.access must be "restricted"`);
  if (pkg.publishConfig?.provenance !== false)
    fail(`${where}publishConfig.provenance must be false (npm attests public packages only)`);
  if (!pkg.repository?.url || !pkg.repository?.directory) fail(`${where}repository { url, directory } missing`);
  if (!pkg.homepage || !pkg.bugs?.url) fail(`${where}homepage / bugs missing`);
  if (
    pkg.sideEffects !== false &&
    !(Array.isArray(pkg.sideEffects) && pkg.sideEffects.every((s) => s.endsWith('.css')))
  )
    fail(`${where}sideEffects must be false (or list stylesheets only)`);
}
const distFiles = (dir) => readdirSync(path.join(dir, 'dist')).filter((f) => /\.c?js$/.test(f));
{
  const { dir } = published.find((p) => p.pkg.name === '@ofw/api-client');
  // the main entry and every chunk it may load (everything in dist/ except the /query entry)
  for (const f of distFiles(dir).filter((f) => !f.startsWith('query.')))
    if (readFileSync(path.join(dir, 'dist', f), 'utf8').includes('@tanstack/react-query'))
      fail(`@ofw/api-client: dist/${f} refers to @tanstack/react-query; only the /query entry may`);
  console.log('  @ofw/api-client: main entry free of @tanstack/react-query');
  // issue 15: the /errors entry (ApiError, isApiError) and the chunks it loads never load zod
  for (const entry of ['errors.js', 'errors.cjs']) {
    const seen = new Set();
    const visit = (f) => {
      if (seen.has(f)) return;
      seen.add(f);
      const text = readFileSync(path.join(dir, 'dist', f), 'utf8');
      if (/(?:from\s*|require\()['"]zod(?:\/[^'"]*)?['"]/.test(text))
        fail(`@ofw/api-client: dist/${f}, loaded by the /errors entry, imports zod`);
      for (const m of text.matchAll(/(?:from\s*|require\()['"]\.\/([^'"]+)['"]/g)) visit(m[1]);
    };
    visit(entry);
  }
  console.log('  @ofw/api-client/errors: free of zod (ESM and CommonJS)');
}
{
  const { dir } = published.find((p) => p.pkg.name === '@ofw/payments');
  const specifiers = distFiles(dir).flatMap((f) =>
    [...readFileSync(path.join(dir, 'dist', f), 'utf8').matchAll(/['"](braintree-web(?:\/[^'"]*)?)['"]/g)].map(
      (m) => m[1],
    ),
  );
  const bare = specifiers.filter((s) => !/^braintree-web\/[a-z0-9-]+\/index\.js$/.test(s));
  if (bare.length) fail(`@ofw/payments: dist/ imports ${bare.join(', ')}; import braintree-web/<module>/index.js`);
  console.log(`  @ofw/payments: ${specifiers.length} braintree-web imports, all per-module entry points`);
  // `@ofw/payments/protocol` (the sandbox frames bundle it): no React, no braintree-web, also through its chunks.
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(dir, 'dist', file), 'utf8');
    const bad = code.match(/['"](react[^'"]*|braintree-web[^'"]*|credit-card-type)['"]/);
    if (bad) fail(`@ofw/payments: dist/${file} (of the /protocol entry) imports ${bad[1]}`);
    for (const m of code.matchAll(/from\s*['"]\.\/([^'"]+)['"]/g)) visit(m[1]);
  };
  visit('protocol.js');
  visit('protocol.cjs');
  console.log(`  @ofw/payments/protocol: ${seen.size} files, free of React, braintree-web and credit-card-type`);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'ofw-release-'));
try {
  step(`Packing into ${scratch}`);
  const tarballs = {};
  for (const { dir, pkg } of published) {
    sh('pnpm', ['pack', '--pack-destination', scratch], dir);
    const file = readdirSync(scratch).find(
      (f) => f.startsWith(pkg.name.replace('@', '').replace('/', '-')) && f.endsWith('.tgz'),
    );
    if (!file) fail(`no tarball for ${pkg.name}`);
    tarballs[pkg.name] = `file:${path.join(scratch, file)}`;
    const packed = JSON.parse(
      execFileSync('tar', ['-xOzf', path.join(scratch, file), 'package/package.json'], { encoding: 'utf8' }),
    );
    const specs = ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) =>
      Object.entries(packed[k] ?? {}),
    );
    const unresolved = specs.filter(([, v]) => /^(workspace|catalog):/.test(v));
    if (unresolved.length) fail(`${pkg.name}: packed package.json keeps ${unresolved.map((e) => e.join('@'))}`);
    const pinned = specs.filter(([n, v]) => n.startsWith('@ofw/') && !v.startsWith('^'));
    if (pinned.length) fail(`${pkg.name}: internal dependencies must be ranges (workspace:^): ${pinned}`);
  }
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
            ...tarballs,
            ...deps,
            'react-dom': '^19.0.0',
            typescript: '~5.9.3',
            '@types/react': '~19.3.0',
          },
          overrides: tarballs,
        },
        null,
        2,
      ),
    );
    step(`${name}: installing the four tarballs in a scratch ${type} project (npm)`);
    sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], dir);
    return dir;
  };
  const tsc = (dir, file, mod, res) => {
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
    );
    console.log(`  ${file}: types resolve with moduleResolution ${res}`);
  };

  // One function of each package, the same calls from both module systems.
  const calls = `
assert.equal(domain.monthlyPrice(551.76, 2), 22.99);
assert.equal(apiClient.apiUrl('', apiClient.contract.getPackages.path, { currency: 'USD' }), '/api/v1/packages?currency=USD');
assert.equal(payments.parseAuthorization('sandbox_0123456789abcdef_ofw_sandbox').merchantId, 'ofw_sandbox');
assert.equal(protocol.peerChannelName('abc'), 'ofw-hf:abc');
assert.match(renderToStaticMarkup(createElement(ui.VenmoLogo, {})), /<svg/);
console.log('  @ofw/domain monthlyPrice, @ofw/api-client apiUrl, @ofw/payments parseAuthorization, @ofw/payments/protocol peerChannelName, @ofw/ui VenmoLogo: ok');
assert.equal(errors.ApiError, apiClient.ApiError);
assert.ok(errors.isApiError(new apiClient.ApiError({ type: apiClient.problemType('conflict'), title: 'Conflict', status: 409, code: 'conflict' }), 'conflict'));
console.log('  @ofw/api-client/errors isApiError: the one ApiError class of the main entry');
`;

  const esm = project('esm', 'module', true);
  step(
    `esm: import each package from plain Node ESM and call one function of each (${runtimes.map(version).join(', ')})`,
  );
  writeFileSync(
    path.join(esm, 'main.mjs'),
    `import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as domain from '@ofw/domain';
import * as apiClient from '@ofw/api-client';
import * as query from '@ofw/api-client/query';
import * as errors from '@ofw/api-client/errors';
import * as payments from '@ofw/payments';
import * as protocol from '@ofw/payments/protocol';
import * as ui from '@ofw/ui';
${calls}
assert.deepEqual(query.queryKeys.joinCountries(), ['joinCountries']);
console.log('  @ofw/api-client/query queryKeys: ok');
`,
  );
  runOnEveryNode('main.mjs', esm);
  step('esm: type-checking a consumer (moduleResolution node16 and bundler)');
  const consumer = `import { listPackages, monthlyPrice, type Package } from '@ofw/domain';
import { createApiClient, type ApiClient } from '@ofw/api-client';
import { packageDataQuery } from '@ofw/api-client/query';
import { parseAuthorization, type PaymentError } from '@ofw/payments';
import { isProtocolMessage, type ParentToFrameMessage } from '@ofw/payments/protocol';
import { VenmoLogo, type VenmoLogoProps } from '@ofw/ui';
const p: Package[] = listPackages({ currency: 'USD' });
export const m: number = monthlyPrice(p[0]!.totalPrice, 1);
const api: ApiClient = createApiClient({ baseUrl: '' });
export const key: readonly unknown[] = packageDataQuery(api, { currency: 'USD', flow: 'join' }).queryKey;
export const kind: string = parseAuthorization('sandbox_a_b').kind;
export const logo = VenmoLogo({ width: 80 } satisfies VenmoLogoProps);
export type E = PaymentError['messageId'];
export const isMessage: boolean = isProtocolMessage({ source: 'ofw-sandbox-hosted-fields' } satisfies Partial<ParentToFrameMessage>);
`;
  writeFileSync(path.join(esm, 'consumer.ts'), consumer);
  tsc(esm, 'consumer.ts', 'node16', 'node16');
  tsc(esm, 'consumer.ts', 'esnext', 'bundler');

  const cjs = project('cjs', 'commonjs', false);
  step(
    `cjs: require each package from plain Node CommonJS (no @tanstack/react-query) and call one function of each (${runtimes.map(version).join(', ')})`,
  );
  writeFileSync(
    path.join(cjs, 'main.cjs'),
    `const assert = require('node:assert/strict');
const { createElement } = require('react');
const { renderToStaticMarkup } = require('react-dom/server');
const domain = require('@ofw/domain');
const apiClient = require('@ofw/api-client');
const errors = require('@ofw/api-client/errors');
const payments = require('@ofw/payments');
const protocol = require('@ofw/payments/protocol');
const ui = require('@ofw/ui');
${calls}
assert.throws(() => require('@ofw/api-client/query'), /@tanstack\\/react-query/);
console.log('  @ofw/api-client/query needs the optional peer @tanstack/react-query; the main entry does not');
`,
  );
  runOnEveryNode('main.cjs', cjs);
  step('cjs: type-checking a consumer (moduleResolution node16, CommonJS: the .d.cts types)');
  writeFileSync(
    path.join(cjs, 'consumer.ts'),
    consumer
      .replace("import { packageDataQuery } from '@ofw/api-client/query';\n", '')
      .replace(/export const key[^\n]*\n/, ''),
  );
  tsc(cjs, 'consumer.ts', 'node16', 'node16');
  console.log('\n✓ release check passed');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

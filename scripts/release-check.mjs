// `pnpm release:check`: proves the four published packages are releasable as they would reach npm.
// 1. builds them (turbo); 2. each package's `check:pkg`: `publint --strict` and `attw --pack` (ESM-only profile);
// 3. packs each with pnpm (workspace:* becomes a real version) and installs the tarballs into a scratch project
//    OUTSIDE the workspace with npm, then imports every package from plain Node ESM and type-checks a consumer
//    file with `moduleResolution` node16 and bundler.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './lib/processes.mjs';

const published = ['domain', 'api-client', 'payments', 'ui'].map((d) => {
  const dir = path.join(root, 'packages', d);
  return { dir, pkg: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) };
});
const sh = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });
const step = (m) => console.log(`\n› ${m}`);

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
  // Each package's own `check:pkg` (publint --strict + attw --pack, ESM-only profile; a package may exclude a
  // non-module entry such as a stylesheet).
  step(`${pkg.name}: check:pkg (publint --strict, attw --pack)`);
  sh('pnpm', ['run', 'check:pkg'], dir);
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
    if (!file) throw new Error(`no tarball for ${pkg.name}`);
    tarballs[pkg.name] = `file:${path.join(scratch, file)}`;
  }
  const peers = Object.assign({}, ...published.map((p) => p.pkg.peerDependencies ?? {}));
  writeFileSync(
    path.join(scratch, 'package.json'),
    JSON.stringify(
      {
        name: 'ofw-release-scratch',
        private: true,
        type: 'module',
        dependencies: { ...tarballs, ...peers, typescript: '~5.9.3', '@types/react': '~19.3.0' },
        overrides: tarballs,
      },
      null,
      2,
    ),
  );
  step('Installing the tarballs in a scratch project outside the workspace (npm)');
  sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], scratch);

  step('Importing every package from plain Node ESM');
  const imports = published.map((p, i) => `import * as m${i} from '${p.pkg.name}';`).join('\n');
  const checks = published
    .map(
      (p, i) =>
        `if (Object.keys(m${i}).length === 0) throw new Error('${p.pkg.name} exports nothing'); console.log('  ${p.pkg.name}: ' + Object.keys(m${i}).length + ' exports');`,
    )
    .join('\n');
  writeFileSync(path.join(scratch, 'import.mjs'), `${imports}\n${checks}\n`);
  sh('node', ['import.mjs'], scratch);

  step('Type-checking a consumer (moduleResolution node16 and bundler)');
  writeFileSync(
    path.join(scratch, 'consumer.ts'),
    `${published.map((p, i) => `import * as m${i} from '${p.pkg.name}';`).join('\n')}\nexport const all = [${published.map((_, i) => `m${i}`).join(', ')}];\n` +
      `import { listPackages, monthlyPrice, type Package } from '@ofw/domain';\nconst p: Package[] = listPackages({ currency: 'USD' });\nexport const m: number = monthlyPrice(p[0]!.totalPrice, 1);\n`,
  );
  for (const [mod, res] of [
    ['node16', 'node16'],
    ['esnext', 'bundler'],
  ]) {
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
        '--target',
        'es2022',
        '--lib',
        'es2023,dom',
        'consumer.ts',
      ],
      scratch,
    );
    console.log(`  types resolve with moduleResolution ${res}`);
  }
  console.log('\n✓ release check passed');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

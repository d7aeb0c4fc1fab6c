// Prints the gzip sizes of the seven braintree-web modules @ofw/payments loads, bundled by Vite (production build,
// minified) as join-web bundles them: with braintree-web's package.json `browser` field (standalone bundles that repeat
// shared code), and with the alias `^braintree-web/([a-z0-9-]+)$` → `braintree-web/$1/index.js` (TOOLCHAIN.md;
// goal: all seven ≤ 60 kB gz).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const MODULES = [
  'client',
  'hosted-fields',
  'three-d-secure',
  'apple-pay',
  'venmo',
  'paypal-checkout',
  'data-collector',
];
const require = createRequire(import.meta.url);
// inside the package so that the entries resolve braintree-web from its node_modules
const work = mkdtempSync(join(process.cwd(), 'bench', '.tmp-'));

async function gzSize(modules, alias) {
  const entry = join(work, `entry-${modules.join('_')}-${alias}.js`);
  writeFileSync(
    entry,
    modules.map((m, i) => `import m${i} from 'braintree-web/${m}'; globalThis.__m${i} = m${i};`).join('\n'),
  );
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: process.cwd(),
    resolve: alias
      ? { alias: [{ find: /^braintree-web\/([a-z0-9-]+)$/, replacement: 'braintree-web/$1/index.js' }] }
      : {},
    build: { write: false, minify: true, lib: { entry, formats: ['es'], fileName: 'out' } },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  return chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
}

/**
 * As the app loads them: one build, each module a dynamic import (the driver's loaders), shared code split into
 * common chunks and counted once. Returns the gz total of the chunks behind the seven imports, and the largest shared
 * chunk.
 */
async function gzSizeSplit(modules) {
  const entry = join(work, 'entry-split.js');
  writeFileSync(
    entry,
    `export const loaders = [${modules.map((m) => `() => import('braintree-web/${m}')`).join(', ')}];`,
  );
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: process.cwd(),
    resolve: { alias: [{ find: /^braintree-web\/([a-z0-9-]+)$/, replacement: 'braintree-web/$1/index.js' }] },
    build: { write: false, minify: true, lib: { entry, formats: ['es'], fileName: 'out' } },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  const sizes = chunks.filter((chunk) => !chunk.isEntry).map((chunk) => gzipSync(chunk.code, { level: 9 }).length);
  return { total: sizes.reduce((sum, size) => sum + size, 0), chunks: sizes.length };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const rows = [];
for (const m of MODULES) rows.push([m, kB(await gzSize([m], false)), kB(await gzSize([m], true))]);
const allAlias = await gzSize(MODULES, true);
rows.push(['all seven', kB(await gzSize(MODULES, false)), kB(allAlias)]);
rows.push([
  'client + hosted-fields + 3DS',
  kB(await gzSize(MODULES.slice(0, 3), false)),
  kB(await gzSize(MODULES.slice(0, 3), true)),
]);
const split = await gzSizeSplit(MODULES);
rmSync(work, { recursive: true, force: true });

const width = Math.max(...rows.map((r) => r[0].length));
console.log(
  `braintree-web ${require('braintree-web/package.json').version}, Vite ${require('vite/package.json').version} production build, gzip -9`,
);
console.log(`${'module'.padEnd(width)}  ${'browser field'.padStart(13)}  ${'alias'.padStart(9)}`);
for (const [name, a, b] of rows) console.log(`${name.padEnd(width)}  ${a.padStart(13)}  ${b.padStart(9)}`);
console.log(`goal: all seven ≤ 60 kB gz with the alias → ${allAlias <= 60_000 ? 'met' : 'NOT met'} (${kB(allAlias)})`);
console.log(
  `as the app loads them (one Vite build, seven dynamic imports, shared code in common chunks counted once): ${kB(split.total)} in ${split.chunks} chunks`,
);

// Prints the gzip sizes of the seven braintree-web modules @ofw/payments loads, bundled by Vite (production build,
// minified, no Vite config of the consumer's): imported as `braintree-web/<module>` through braintree-web's package.json
// `browser` field (standalone bundles that repeat shared code), the same with the alias
// `^braintree-web/([a-z0-9-]+)$` → `braintree-web/$1/index.js` (docs/DEVELOPMENT.md), and as @ofw/payments imports them,
// `braintree-web/<module>/index.js` with no alias (the consumer gets the alias's weight for free; goal: all seven
// ≤ 60 kB gz). Also checks that the built dist/ imports only those entry points.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

/** `mode`: 'browser' (bare specifier), 'alias' (bare specifier + the alias), 'entry' (`<module>/index.js`, no alias). */
async function gzSize(modules, mode) {
  const alias = mode === 'alias';
  const spec = (m) => (mode === 'entry' ? `braintree-web/${m}/index.js` : `braintree-web/${m}`);
  const entry = join(work, `entry-${modules.join('_')}-${mode}.js`);
  writeFileSync(entry, modules.map((m, i) => `import m${i} from '${spec(m)}'; globalThis.__m${i} = m${i};`).join('\n'));
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
    `export const loaders = [${modules.map((m) => `() => import('braintree-web/${m}/index.js')`).join(', ')}];`,
  );
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: process.cwd(),
    build: { write: false, minify: true, lib: { entry, formats: ['es'], fileName: 'out' } },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  const sizes = chunks.filter((chunk) => !chunk.isEntry).map((chunk) => gzipSync(chunk.code, { level: 9 }).length);
  return { total: sizes.reduce((sum, size) => sum + size, 0), chunks: sizes.length };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const rows = [];
const measure = async (label, modules) =>
  rows.push([
    label,
    kB(await gzSize(modules, 'browser')),
    kB(await gzSize(modules, 'alias')),
    kB(await gzSize(modules, 'entry')),
  ]);
for (const m of MODULES) await measure(m, [m]);
await measure('all seven', MODULES);
await measure('client + hosted-fields + 3DS', MODULES.slice(0, 3));
const allEntry = await gzSize(MODULES, 'entry');

// What the package ships: every braintree-web import in dist/ is a `<module>/index.js` entry point.
const specifiers = readdirSync('dist')
  .filter((f) => /\.(c?js)$/.test(f))
  .flatMap((f) =>
    [...readFileSync(join('dist', f), 'utf8').matchAll(/['"](braintree-web\/[^'"]+)['"]/g)].map((m) => m[1]),
  );
const bare = specifiers.filter((s) => !/^braintree-web\/[a-z0-9-]+\/index\.js$/.test(s));
const split = await gzSizeSplit(MODULES);
rmSync(work, { recursive: true, force: true });

const width = Math.max(...rows.map((r) => r[0].length));
console.log(
  `braintree-web ${require('braintree-web/package.json').version}, Vite ${require('vite/package.json').version} production build, gzip -9`,
);
console.log(
  `${'module'.padEnd(width)}  ${'browser field'.padStart(13)}  ${'alias'.padStart(9)}  ${'@ofw/payments (no alias)'.padStart(24)}`,
);
for (const [name, a, b, c] of rows)
  console.log(`${name.padEnd(width)}  ${a.padStart(13)}  ${b.padStart(9)}  ${c.padStart(24)}`);
console.log(
  `goal: all seven ≤ 60 kB gz without an alias → ${allEntry <= 60_000 ? 'met' : 'NOT met'} (${kB(allEntry)})`,
);
console.log(
  `dist/ imports ${specifiers.length} braintree-web specifiers, ${bare.length ? `NOT all entry points: ${bare.join(', ')}` : 'all `<module>/index.js`'}`,
);
if (bare.length) process.exitCode = 1;
console.log(
  `as the app loads them (one Vite build, seven dynamic imports, shared code in common chunks counted once): ${kB(split.total)} in ${split.chunks} chunks`,
);

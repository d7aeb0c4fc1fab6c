#!/usr/bin/env node
/**
 * Bundle weights of the built SPA (run after `pnpm --filter join-web build`), from Vite's manifest
 * (dist/.vite/manifest.json), gzip level 9 like a CDN:
 *
 *   first load of /join   index.html's entry with its static imports and the en-US catalogue's first part — all the
 *                         JS the first screen (the details step, the first-screen tree) runs — plus the CSS
 *                         goal ≤ 130 kB
 *   full app              the `app` chunk (TanStack Router and Query, the routes), loaded right after the takeover
 *   each later step       the JS a step adds to what is already loaded (package, terms, payment, account)
 *   payment SDK           @ofw/payments' driver chunks and braintree-web's modules, loaded by the payment step
 *   catalogues            each locale's compiled messages in two parts: the first screen's, the later steps' (only the
 *                         active locale is loaded)
 *
 * Prints a table and writes the figures to <repo>/.bench/join-web.json (compare with a later run). The build's
 * treemap (rollup-plugin-visualizer, dist/.vite/treemap.html: every chunk's modules with their gzip sizes) is copied
 * to <repo>/.bench/join-web-treemap.html, and the packages that weigh most in the first load are listed from it.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { closure as closureIn, firstLoadFiles, fullAppFiles, keyOf as keyOfIn } from './first-load.mjs';

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(app, 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const GOAL_KB = 130;

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n) => Math.round((n / 1024) * 10) / 10;
const keyOf = (pattern) => keyOfIn(manifest, pattern);
const closure = (keys, into) => closureIn(manifest, keys, into);
const weigh = (files) => [...files].reduce((sum, f) => sum + gz(f), 0);
const minus = (a, b) => new Set([...a].filter((f) => !b.has(f)));

const firstLoad = firstLoadFiles(manifest);
const firstJs = weigh([...firstLoad].filter((f) => f.endsWith('.js')));
const firstCss = weigh([...firstLoad].filter((f) => f.endsWith('.css')));

const fullApp = fullAppFiles(manifest);
const loaded = new Set([...firstLoad, ...fullApp]);
const steps = {};
for (const step of ['PackageStep', 'TermsStep', 'PaymentStep', 'AccountStep']) {
  const files = minus(closure([keyOf(new RegExp(`steps/${step}\\.tsx$`))]), loaded);
  steps[step] = kb(weigh(files));
  for (const f of files) loaded.add(f);
}
// What the payment step imports on demand: @ofw/payments' provider drivers and braintree-web's modules.
const paymentKey = keyOf(/steps\/PaymentStep\.tsx$/);
const sdkFiles = new Set();
const visitDynamic = (key) => {
  for (const dyn of manifest[key]?.dynamicImports ?? []) {
    for (const f of minus(closure([dyn]), loaded)) sdkFiles.add(f);
    visitDynamic(dyn);
  }
};
visitDynamic(paymentKey);
const catalogues = Object.fromEntries(
  ['en-US', 'en-GB', 'es-US', 'es-MX'].map((l) => [
    l,
    Object.fromEntries(
      ['first', 'later'].map((part) => [
        part,
        kb(gz(manifest[keyOf(new RegExp(`compiled/${l}\\.json\\?part=${part}$`))].file)),
      ]),
    ),
  ]),
);

const figures = {
  firstLoadJoinKbGz: kb(firstJs + firstCss),
  firstLoadJoinJsKbGz: kb(firstJs),
  firstLoadJoinCssKbGz: kb(firstCss),
  fullAppKbGz: kb(weigh(fullApp)),
  firstLoadFiles: [...firstLoad],
  stepKbGz: steps,
  paymentSdkKbGz: kb(weigh(sdkFiles)),
  catalogueKbGz: catalogues,
};

const rows = [
  ['first load of /join (JS + CSS)', `${figures.firstLoadJoinKbGz} kB`, `≤ ${GOAL_KB} kB`],
  ['  of which JS', `${figures.firstLoadJoinJsKbGz} kB`, ''],
  ['+ full app (router, query; right after the takeover)', `${figures.fullAppKbGz} kB`, ''],
  ...Object.entries(steps).map(([s, n]) => [`+ ${s} (on reaching it)`, `${n} kB`, '']),
  ['+ payment SDK (drivers, braintree-web)', `${figures.paymentSdkKbGz} kB`, 'lazy'],
  ...Object.entries(catalogues).map(([l, n]) => [
    `catalogue ${l} (active locale only)`,
    `${n.first} + ${n.later} kB`,
    'first screen + later steps',
  ]),
];
const w = Math.max(...rows.map((r) => r[0].length));
console.log('join-web bundle (gzip -9)');
for (const [name, value, goal] of rows) console.log(`  ${name.padEnd(w)}  ${value.padStart(9)}  ${goal}`);
for (const f of figures.firstLoadFiles) console.log(`    ${String(kb(gz(f))).padStart(6)} kB  ${f}`);

const out = path.resolve(app, '../../.bench');
mkdirSync(out, { recursive: true });

/**
 * The first load's modules grouped by package (a workspace package, a node_modules package, or join-web's own
 * `src`), from the treemap's data: each module's gzip size on its own, so the shares, not the sum, are what counts.
 */
function heaviestPackages(treemapHtml, files, top = 12) {
  const data = JSON.parse(/const data = (\{.*?\});\n/s.exec(treemapHtml)?.[1] ?? 'null');
  if (!data) return [];
  const byPackage = new Map();
  const walk = (node, trail) => {
    if (node.uid) {
      const id = trail.join('/');
      const pkg =
        /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(id)?.[1] ??
        /\/packages\/([^/]+)\//.exec(id)?.[1]?.replace(/^/, '@ofw/') ??
        'join-web src';
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + (data.nodeParts[node.uid]?.gzipLength ?? 0));
    }
    for (const child of node.children ?? []) walk(child, [...trail, child.name]);
  };
  for (const chunk of data.tree.children) if (files.has(chunk.name)) walk(chunk, []);
  const total = [...byPackage.values()].reduce((a, b) => a + b, 0);
  return [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, bytes]) => ({ name, share: Math.round((bytes / total) * 1000) / 10 }));
}
const treemap = path.join(dist, '.vite/treemap.html');
if (existsSync(treemap)) {
  copyFileSync(treemap, path.join(out, 'join-web-treemap.html'));
  figures.firstLoadShares = heaviestPackages(readFileSync(treemap, 'utf8'), firstLoad);
  console.log("  first load by package (share of the modules' gzip sizes; treemap: .bench/join-web-treemap.html)");
  for (const { name, share } of figures.firstLoadShares) console.log(`    ${String(share).padStart(5)} %  ${name}`);
}
writeFileSync(
  path.join(out, 'join-web.json'),
  `${JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2)}\n`,
);
if (figures.firstLoadJoinKbGz > GOAL_KB)
  console.log(`  over the ${GOAL_KB} kB goal by ${kb(firstJs + firstCss - GOAL_KB * 1024)} kB`);

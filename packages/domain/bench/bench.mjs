// Bench for @ofw/domain: bundle weight of the entry and time to price the whole catalogue with discounts.
// Run after `pnpm --filter @ofw/domain build`:  pnpm --filter @ofw/domain bench
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
// esbuild ships with tsup (a devDependency); resolve it from there.
const esbuild = createRequire(require.resolve('tsup'))('esbuild');
const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));

async function weigh(label, contents, external) {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('..', import.meta.url)), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    external,
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const gz = gzipSync(code, { level: 9 }).length;
  console.log(
    `${label.padEnd(58)} ${(code.length / 1024).toFixed(2).padStart(7)} KiB min  ${(gz / 1024).toFixed(2).padStart(6)} KiB min+gz`,
  );
  return gz;
}

console.log('@ofw/domain bundle weight (esbuild --bundle --minify, gzip -9)');
const all = `export * from ${JSON.stringify(entry)};`;
const gzEntry = await weigh('entry, zod external', all, ['zod']);
await weigh('entry, zod included', all, []);
await weigh(
  '{ listPackages, monthlyPrice, applyDiscount }, zod external',
  `export { listPackages, monthlyPrice, applyDiscount } from ${JSON.stringify(entry)};`,
  ['zod'],
);
await weigh(
  '{ countryFromPhoneCode, isJoinComplete } only',
  `export { countryFromPhoneCode, isJoinComplete } from ${JSON.stringify(entry)};`,
  ['zod'],
);
console.log(`goal ≤ 8 KiB min+gz for the entry (zod external): ${gzEntry <= 8 * 1024 ? 'met' : 'NOT met'}`);

const d = await import(entry);
const availability = d.packages.map((p, i) => ({
  packageId: p.id,
  status: i % 3 === 0 ? 'unavailable' : 'available',
  discountAmount: (i * 7.31) % 120,
}));
function priceCatalogue() {
  let sum = 0;
  for (const pkg of d.packages) {
    const priced = d.applyDiscount(pkg, availability);
    sum += d.chargeAmount(priced) + d.monthlyPrice(priced.totalPrice, priced.subDurationInYears);
    if (pkg.currencyCode === 'GBP') sum += d.vatAmount(priced);
  }
  for (const byo of d.buildYourOwnPackages) {
    sum += d.byoPrice({ subscription: 'SUB1YEAR', myfiles: 'MYFILES_3GB', tonemeter: true }, byo);
  }
  return sum;
}
for (let i = 0; i < 2000; i++) priceCatalogue(); // warm-up
const rounds = 20000;
const start = performance.now();
let sink = 0;
for (let i = 0; i < rounds; i++) sink += priceCatalogue();
const ms = performance.now() - start;
console.log(
  `price the whole catalogue (${d.packages.length} packages with discounts + ${d.buildYourOwnPackages.length} build-your-own): ` +
    `${((ms * 1000) / rounds).toFixed(1)} µs per pass (${rounds} passes in ${ms.toFixed(0)} ms; checksum ${sink.toFixed(2)})`,
);

import { emptyDist, library } from '@ofw/tsup-config';
import { defineConfig, type Options } from 'tsup';

// Two builds into dist/ (package.json `exports`: `import` → .js/.d.ts, `require` → .cjs/.d.cts):
// - ESM, one output module per source module (bundle: false), so that with `sideEffects: false` an app's bundler drops
//   the rules and schemas it does not import (e.g. importing only `countryFromPhoneCode` leaves zod and the catalogue
//   out). See README "Decisions".
// - CommonJS, one bundled file (Node services, Jest): unbundled CommonJS would `require('./money.js')`, an ES module.
// Both configs run at once, so dist/ is emptied here rather than by each (`clean` would race).
emptyDist(import.meta.url);

const common: Options = { ...library, platform: 'neutral', sourcemap: false };

export default defineConfig([
  { ...common, entry: ['src/**/*.ts'], format: ['esm'], bundle: false },
  { ...common, entry: { index: 'src/index.ts' }, format: ['cjs'], external: ['zod'] },
]);

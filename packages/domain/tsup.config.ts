import { rmSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

// Two builds into dist/ (package.json `exports`: `import` → .js/.d.ts, `require` → .cjs/.d.cts):
// - ESM, one output module per source module (bundle: false), so that with `sideEffects: false` an app's bundler drops
//   the rules and schemas it does not import (e.g. importing only `countryFromPhoneCode` leaves zod and the catalogue
//   out). See README "Decisions".
// - CommonJS, one bundled file (Node services, Jest): unbundled CommonJS would `require('./money.js')`, an ES module.
// Both configs run at once, so dist/ is emptied here rather than by each (`clean` would race).
rmSync(new URL('dist', import.meta.url), { recursive: true, force: true });

const common: Options = {
  target: 'es2022',
  platform: 'neutral',
  sourcemap: false,
  dts: {
    // tsup's declaration build sets `baseUrl`, which TypeScript 6 deprecates (an error unless acknowledged;
    // https://aka.ms/ts6); our own tsconfigs use none. Remove once tsup stops setting it.
    compilerOptions: { ignoreDeprecations: '6.0' },
  },
};

export default defineConfig([
  { ...common, entry: ['src/**/*.ts'], format: ['esm'], bundle: false },
  { ...common, entry: { index: 'src/index.ts' }, format: ['cjs'], external: ['zod'] },
]);

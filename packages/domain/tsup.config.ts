import { defineConfig } from 'tsup';

// One output module per source module (bundle: false) so that, with `sideEffects: false`, an app's bundler drops
// the rules and schemas it does not import (e.g. importing only `countryFromPhoneCode` leaves zod and the catalogue
// out). See README "Decisions".
export default defineConfig({
  entry: ['src/**/*.ts'],
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  bundle: false,
  dts: true,
  sourcemap: false,
  clean: true,
});

import { emptyDist, library, reactExternals } from '@ofw/tsup-config';
import { defineConfig, type Options } from 'tsup';

// ESM (.js/.d.ts, code-split so the drivers stay lazy chunks) and CommonJS (.cjs/.d.cts, one file; the braintree-web
// modules stay dynamic imports of the package, which Node and bundlers resolve). Both configs run at once, so
// dist/ is emptied here rather than by each (`clean` would race).
emptyDist(import.meta.url);

const common: Options = {
  ...library,
  entry: { index: 'src/index.ts', protocol: 'src/protocol.ts' },
  platform: 'browser',
  treeshake: true,
  external: [...reactExternals, /^braintree-web/, 'credit-card-type', '@ofw/domain'],
};

export default defineConfig([
  { ...common, format: ['esm'], splitting: true },
  { ...common, format: ['cjs'], splitting: false },
]);

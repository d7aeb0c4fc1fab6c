import { rmSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

// ESM (.js/.d.ts, code-split so the drivers stay lazy chunks) and CommonJS (.cjs/.d.cts, one file; the braintree-web
// modules stay dynamic imports of the package, which Node and bundlers resolve). Both configs run at once, so
// dist/ is emptied here rather than by each (`clean` would race).
rmSync(new URL('dist', import.meta.url), { recursive: true, force: true });

const common: Options = {
  entry: { index: 'src/index.ts', protocol: 'src/protocol.ts' },
  platform: 'browser',
  target: 'es2022',
  dts: {
    // tsup's declaration build sets `baseUrl`, which TypeScript 6 deprecates (an error unless acknowledged;
    // https://aka.ms/ts6); our own tsconfigs use none. Remove once tsup stops setting it.
    compilerOptions: { ignoreDeprecations: '6.0' },
  },
  sourcemap: true,
  treeshake: true,
  external: ['react', 'react-dom', 'react/jsx-runtime', /^braintree-web/, 'credit-card-type', '@ofw/domain'],
};

export default defineConfig([
  { ...common, format: ['esm'], splitting: true },
  { ...common, format: ['cjs'], splitting: false },
]);

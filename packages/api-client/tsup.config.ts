import { defineConfig } from 'tsup';

// ESM (.js/.d.ts) and CommonJS (.cjs/.d.cts) of three entries: `@ofw/api-client` (zod only),
// `@ofw/api-client/query` (TanStack Query options; imports only types from the main entry's modules) and
// `@ofw/api-client/errors` (ApiError / isApiError without zod, for a browser's first load).
export default defineConfig({
  entry: { index: 'src/index.ts', query: 'src/query.ts', errors: 'src/errors.ts' },
  // One ApiError class for every entry in both formats (isApiError is an instanceof check): shared chunks, CJS too.
  splitting: true,
  format: ['esm', 'cjs'],
  dts: {
    // tsup's declaration build sets `baseUrl`, which TypeScript 6 deprecates (an error unless acknowledged;
    // https://aka.ms/ts6); our own tsconfigs use none. Remove once tsup stops setting it.
    compilerOptions: { ignoreDeprecations: '6.0' },
  },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['@ofw/domain', 'zod', '@tanstack/react-query'],
});

import { library } from '@ofw/tsup-config';
import { defineConfig } from 'tsup';

// ESM (.js/.d.ts) and CommonJS (.cjs/.d.cts) of three entries: `@ofw/api-client` (zod only),
// `@ofw/api-client/query` (TanStack Query options; imports only types from the main entry's modules) and
// `@ofw/api-client/errors` (ApiError / isApiError without zod, for a browser's first load).
export default defineConfig({
  ...library,
  entry: { index: 'src/index.ts', query: 'src/query.ts', errors: 'src/errors.ts' },
  // One ApiError class for every entry in both formats (isApiError is an instanceof check): shared chunks, CJS too.
  splitting: true,
  clean: true,
  external: ['@ofw/domain', 'zod', '@tanstack/react-query'],
});

import { defineConfig } from 'tsup';

// ESM (.js/.d.ts) and CommonJS (.cjs/.d.cts) of both entries: `@ofw/api-client` (zod only) and
// `@ofw/api-client/query` (TanStack Query options; imports only types from the main entry's modules, so the
// CommonJS copy shares no runtime state with it).
export default defineConfig({
  entry: { index: 'src/index.ts', query: 'src/query.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['@ofw/domain', 'zod', '@tanstack/react-query'],
});

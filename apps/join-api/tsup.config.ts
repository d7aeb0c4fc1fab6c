import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

const src = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));

export default defineConfig({
  // the PGlite worker thread's entry (src/db/pglite-worker.ts starts dist/pglite-worker-thread.js beside its chunk)
  entry: {
    main: 'src/main.ts',
    index: 'src/index.ts',
    'pglite-worker-thread': 'src/db/pglite-worker-thread.ts',
    // the erasure command where only dist/ is deployed: `node dist/erase.js <userId|email>`
    erase: 'src/cli/erase.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  dts: false,
  // The workspace libraries are bundled from their sources, so `pnpm --filter join-api build` works
  // without building them first and dist/main.js needs no workspace build artefacts at run time.
  noExternal: ['@ofw/domain', '@ofw/api-client'],
  esbuildOptions(options) {
    options.alias = {
      '@ofw/domain': src('../../packages/domain/src/index.ts'),
      '@ofw/api-client': src('../../packages/api-client/src/index.ts'),
    };
  },
});

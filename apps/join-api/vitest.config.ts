import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The payments sandbox is started in-process from its sources (no build needed for `pnpm --filter join-api test`).
    alias: { 'payments-sandbox': fileURLToPath(new URL('../payments-sandbox/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; keep files to two workers on 2-core machines.
    maxWorkers: 2,
  },
});

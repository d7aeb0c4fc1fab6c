import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; keep files to two workers on 2-core machines.
    maxWorkers: 2,
  },
});

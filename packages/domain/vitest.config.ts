import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // the public API's type tests: test/*.test-d.ts, checked by tsc on every `vitest run`
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // the public API's type tests: test/*.test-d.ts, checked by tsc on every `vitest run`
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 20_000 },
});

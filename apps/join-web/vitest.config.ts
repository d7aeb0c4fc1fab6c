import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './scripts/catalogue-parts.js';
import { parseEnv } from './src/env-schema.js';

export default defineConfig({
  plugins: [react(), catalogueParts()],
  // src/env.ts: the defaults, as a build without VITE_* variables gets them
  define: { __OFW_ENV__: JSON.stringify(parseEnv({ DEV: false })) },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 15_000,
  },
});

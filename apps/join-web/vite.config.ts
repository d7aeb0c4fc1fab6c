import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.JOIN_API_URL ?? 'http://localhost:3000';

// TOOLCHAIN.md: tanstackRouter() before react(); it writes src/routeTree.gen.ts (committed).
export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  resolve: {
    // TOOLCHAIN.md: braintree-web's `browser` field points each module at a standalone bundle that repeats shared
    // code; the module entry points share it (102 kB gz → 57 kB gz for 7 modules).
    alias: [{ find: /^braintree-web\/([a-z0-9-]+)$/, replacement: 'braintree-web/$1/index.js' }],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ofw': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
  },
});

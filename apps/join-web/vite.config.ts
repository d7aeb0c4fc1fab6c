import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stripDefaultMessages } from './scripts/strip-default-messages.js';

const apiTarget = process.env.JOIN_API_URL ?? 'http://localhost:3000';

// TOOLCHAIN.md: tanstackRouter() before react(); it writes src/routeTree.gen.ts (committed).
export default defineConfig(({ command }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    // Production: the catalogues are precompiled, so the descriptors' English defaults are dead weight.
    ...(command === 'build' ? [stripDefaultMessages()] : []),
  ],
  resolve: {
    alias: [
      // formatjs "Advanced usage": every catalogue is compiled to an AST (`formatjs compile --ast`), so the build
      // drops the ICU message parser. The dev server keeps it so unsaved English defaults still render.
      ...(command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : []),
    ],
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
    manifest: true,
  },
}));

import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, loadEnv } from 'vite';
import { parseEnv } from './src/env-schema.js';
import { catalogueParts } from './scripts/catalogue-parts.js';
import { stripDefaultMessages } from './scripts/strip-default-messages.js';

const packageSource = (rel: string) => fileURLToPath(new URL(`../../packages/${rel}`, import.meta.url));

/**
 * `pnpm dev` (vite serve): the workspace packages resolve to their sources, so an edit under `packages/<name>/src`
 * reaches the browser through HMR without a rebuild. `vite build` and vitest (vitest.config.ts) keep using the built
 * dist/, as a consumer of the published packages does.
 */
const workspaceSources = [
  { find: /^@ofw\/domain$/, replacement: packageSource('domain/src/index.ts') },
  { find: /^@ofw\/api-client$/, replacement: packageSource('api-client/src/index.ts') },
  { find: /^@ofw\/api-client\/query$/, replacement: packageSource('api-client/src/query.ts') },
  { find: /^@ofw\/api-client\/errors$/, replacement: packageSource('api-client/src/errors.ts') },
  { find: /^@ofw\/ui$/, replacement: packageSource('ui/src/index.ts') },
  { find: /^@ofw\/ui\/styles\.css$/, replacement: packageSource('ui/src/styles.css') },
  { find: /^@ofw\/payments$/, replacement: packageSource('payments/src/index.ts') },
];

/**
 * The first screen's own modules (the `first` chunk below): what /join's details step runs besides the entry. Module
 * ids use `/` on every platform.
 */
const FIRST_SCREEN_MODULES = new RegExp(
  [
    /src\/join\/(?:JoinStepper|JoinPage|server-state|use-join|in-doubt|api-errors)\./,
    /src\/join\/steps\/(?:DetailsStep\.|details\/(?!details-validation))/,
    /src\/state\/steps\./,
    /packages\/domain\/dist\/rules\/(?:initial-join-state|countries|country-from-phone-code|flow-from-path)\./,
    /packages\/api-client\/dist\/(?:query|chunk-)/,
  ]
    .map((r) => r.source)
    .join('|'),
);

const apiTarget = process.env.JOIN_API_URL ?? 'http://localhost:3000';

// TOOLCHAIN.md: tanstackRouter() before react(); it writes src/routeTree.gen.ts (committed, exactly as generated —
// semicolons: true matches the repository's style — so `pnpm dev` and `vite build` leave the file unchanged).
export default defineConfig(({ command, mode, isSsrBuild }) => ({
  // src/env.ts: the configuration validated here (a bad value stops the build or the dev server), compiled in.
  define: {
    __OFW_ENV__: JSON.stringify(
      parseEnv({ ...loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_'), DEV: command === 'serve' }),
    ),
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, semicolons: true }),
    react(),
    catalogueParts(),
    // Production: the catalogues are precompiled, so the descriptors' English defaults are dead weight.
    ...(command === 'build' ? [stripDefaultMessages()] : []),
    // README "Size": a treemap of every chunk's modules (gzip sizes) beside the manifest; `pnpm --filter join-web
    // bench` copies it to <repo>/.bench/join-web-treemap.html and prints the first load's heaviest packages from it.
    ...(command === 'build' && !isSsrBuild && !process.env.JOIN_WEB_NO_TREEMAP
      ? [visualizer({ filename: 'dist/.vite/treemap.html', template: 'treemap', gzipSize: true, title: 'join-web' })]
      : []),
  ],
  resolve: {
    alias: [
      ...(command === 'serve' ? workspaceSources : []),
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
    // the package sources import react from their own node_modules: one copy for the app and the packages
    dedupe: ['react', 'react-dom'],
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
    // issue 15: modulepreload is native in every browser of the es2022 target that matters (Chromium, Firefox 115+,
    // Safari 17+); an older Safari only skips the hint.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // issue 15: fewer, larger chunks for the first load (one request and one gzip stream each instead of a
        // dozen small shared chunks): the libraries every screen runs (React, TanStack Router/Query, jotai,
        // react-intl) in `runtime`, and the first screen's own code — the /join route's component, the details step
        // and the small modules they share with the later steps — in `first`. The details step's zod rules
        // (details-validation.ts), every later step, @ofw/payments and braintree-web stay in their lazy chunks;
        // test/first-load.test.ts checks what the first load holds.
        codeSplitting: {
          groups: [
            {
              name: 'runtime',
              test: /node_modules[\\/](?:react|react-dom|scheduler|@tanstack|jotai|react-intl|@formatjs|intl-messageformat|use-sync-external-store)[\\/]/,
            },
            { name: 'first', test: FIRST_SCREEN_MODULES },
          ],
        },
      },
    },
  },
}));

import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, loadEnv, type Plugin } from 'vite';
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
  { find: /^@ofw\/payments\/react$/, replacement: packageSource('payments/src/react.ts') },
];

/**
 * The first screen's own modules (the `first` chunk below): what /join's details step runs besides the entry — the
 * first-screen tree (src/first-screen.tsx) renders them without the router and the query client. Module ids use `/`
 * on every platform.
 */
const FIRST_SCREEN_MODULES = new RegExp(
  [
    /src\/(?:core-context|env|lazy-api-client|retry-overloaded|i18n\/I18nProvider)\./,
    /src\/join\/(?:AppShell|StepFrame|join-port|first-screen-port|use-join|in-doubt|api-errors|lazy-step)\./,
    /src\/join\/messages\/invite\./,
    /src\/join\/steps\/(?:DetailsStep\.|details\/(?!details-validation|use-submit-details))/,
    /src\/state\/steps\./,
    /packages\/domain\/dist\/rules\/(?:initial-join-state|countries|country-from-phone-code|flow-from-path)\./,
    /packages\/api-client\/dist\/chunk-/,
  ]
    .map((r) => r.source)
    .join('|'),
);

/**
 * The full app's modules (the `app` chunk below), loaded right after the first-screen tree has taken the shell over
 * (src/main.tsx): TanStack Router and Query, the route tree and the /join route, and the join's code that needs them.
 */
const FULL_APP_MODULES = new RegExp(
  [
    /node_modules\/(?:@tanstack|use-sync-external-store)\//,
    /src\/(?:app\.tsx|routeTree\.gen\.ts|routes\/)/,
    /src\/join\/(?:JoinStepper|JoinPage|server-state|query-port|SignOut)\./,
    /src\/join\/steps\/details\/use-submit-details\./,
    /packages\/api-client\/dist\/query\./,
  ]
    .map((r) => r.source)
    .join('|'),
);

/**
 * index.html (every route but `/join`, which gets dist/join.html) names the full app's chunk (`app` above) in a
 * modulepreload link: the routes it serves render with the router at once, so the chunk downloads beside the entry
 * instead of after it has run. scripts/prerender.mjs takes the link (`data-full-app`) out of join.html, where the
 * first-screen tree takes over first and the chunk must not share the slow link with the first load.
 */
function preloadFullApp(): Plugin {
  return {
    name: 'join-web:preload-full-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'app');
        if (!chunk) return [];
        const attrs = { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}`, 'data-full-app': true };
        return [{ tag: 'link', attrs, injectTo: 'head' }];
      },
    },
  };
}

const apiTarget = process.env.JOIN_API_URL ?? 'http://localhost:3000';

// docs/DEVELOPMENT.md: tanstackRouter() before react(); it writes src/routeTree.gen.ts (committed, exactly as generated —
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
    preloadFullApp(),
    // Production: the catalogues are precompiled, so the descriptors' English defaults are dead weight.
    ...(command === 'build' ? [stripDefaultMessages()] : []),
    // docs/performance/join-web.md "Size": a treemap of every chunk's modules (gzip sizes) beside the manifest; `pnpm --filter join-web
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
    // modulepreload is native in every browser of the es2022 target that matters (Chromium, Firefox 115+,
    // Safari 17+); an older Safari only skips the hint.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // fewer, larger chunks for the first load (one request and one gzip stream each instead of a
        // dozen small shared chunks): the libraries the first screen runs (React, jotai, react-intl) in `runtime`,
        // and the first screen's own code — the header, the details step and the small modules they share with the
        // later steps — in `first`. TanStack Router and Query with the route tree and the /join route go to `app`,
        // which main.tsx loads right after the first-screen tree took the shell over (docs/performance/join-web.md "First paint"). The
        // details step's zod rules (details-validation.ts), every later step, @ofw/payments and braintree-web stay
        // in their lazy chunks; test/first-load.test.ts checks what the first load holds.
        codeSplitting: {
          groups: [
            {
              name: 'runtime',
              test: /node_modules[\\/](?:react|react-dom|scheduler|jotai|react-intl|@formatjs|intl-messageformat)[\\/]/,
            },
            { name: 'first', test: FIRST_SCREEN_MODULES },
            { name: 'app', test: FULL_APP_MODULES },
          ],
        },
      },
    },
  },
}));

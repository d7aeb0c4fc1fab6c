import { defineConfig, type Options } from 'tsup';

/** The sandbox's server (main.ts) and its in-process API (index.ts, with types) for other workspaces' tests. */
const server = {
  entry: { main: 'src/main.ts', index: 'src/index.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: {
    entry: { index: 'src/index.ts' },
    // tsup's declaration build sets `baseUrl`, which TypeScript 6 deprecates (https://aka.ms/ts6)
    compilerOptions: { ignoreDeprecations: '6.0' },
  },
  sourcemap: true,
} satisfies Options;

/** The hosted field frame script: one small browser bundle with card-validator inlined. */
const frameScript = {
  entry: { 'public/hosted-field': 'src/frame/hosted-field.ts' },
  format: ['iife'],
  platform: 'browser',
  target: 'es2020',
  minify: true,
  noExternal: [/.*/],
  outExtension: () => ({ js: '.js' }),
} satisfies Options;

// SANDBOX_FRAME_ONLY=1 builds only the frame script: `pnpm dev` runs `tsup --watch src/frame --watch <protocol.ts>`
// with it (the servers themselves run from src/ under `tsx watch`), bundling @ofw/payments/protocol from its source
// (tsconfig.dev.json's paths) so that an edit of the protocol reaches the frames too.
export default defineConfig(
  process.env.SANDBOX_FRAME_ONLY === '1' ? [{ ...frameScript, tsconfig: 'tsconfig.dev.json' }] : [server, frameScript],
);

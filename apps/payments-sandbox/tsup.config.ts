import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { main: 'src/main.ts', index: 'src/index.ts' },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: { entry: { index: 'src/index.ts' } },
    sourcemap: true,
  },
  {
    // the hosted field frame script: one small browser bundle with card-validator inlined
    entry: { 'public/hosted-field': 'src/frame/hosted-field.ts' },
    format: ['iife'],
    platform: 'browser',
    target: 'es2020',
    minify: true,
    noExternal: [/.*/],
    outExtension: () => ({ js: '.js' }),
  },
]);

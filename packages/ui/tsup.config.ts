import { defineConfig } from 'tsup';

// ESM (.js/.d.ts) and CommonJS (.cjs/.d.cts); the stylesheet is copied as is (`@ofw/ui/styles.css`).
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: {
    // tsup's declaration build sets `baseUrl`, which TypeScript 6 deprecates (an error unless acknowledged;
    // https://aka.ms/ts6); our own tsconfigs use none. Remove once tsup stops setting it.
    compilerOptions: { ignoreDeprecations: '6.0' },
  },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime', '@ofw/domain'],
  onSuccess: "node -e \"require('node:fs').copyFileSync('src/styles.css', 'dist/styles.css')\"",
});

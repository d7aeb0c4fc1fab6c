import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime', '@ofw/domain'],
  onSuccess: "node -e \"require('node:fs').copyFileSync('src/styles.css', 'dist/styles.css')\"",
});

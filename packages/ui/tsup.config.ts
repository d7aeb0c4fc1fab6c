import { library, reactExternals } from '@ofw/tsup-config';
import { defineConfig } from 'tsup';

// ESM (.js/.d.ts) and CommonJS (.cjs/.d.cts); the stylesheet is copied as is (`@ofw/ui/styles.css`).
export default defineConfig({
  ...library,
  entry: ['src/index.ts'],
  clean: true,
  external: [...reactExternals, '@ofw/domain'],
  onSuccess: "node -e \"require('node:fs').copyFileSync('src/styles.css', 'dist/styles.css')\"",
});

import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts', index: 'src/index.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  dts: false,
  // Workspace packages are bundled so dist/main.js runs without their own build artefacts at run time.
  noExternal: ['@ofw/domain', '@ofw/api-client'],
});

import { library, reactExternals } from '@ofw/tsup-config';
import { defineConfig } from 'tsup';

// Three entries (package.json `exports`), ESM (.js/.d.ts) and CommonJS (.cjs/.d.cts): `@ofw/payments` (the core, no
// React), `@ofw/payments/react` (the provider and hooks over it) and `@ofw/payments/protocol` (the sandbox frames'
// messages). Code-split in both formats: the drivers stay lazy chunks, and the core the React entry uses is the same
// module as the main entry's (one PaymentsError class, one client per authorization), not a copy. The braintree-web
// modules stay dynamic imports of the package, which Node and bundlers resolve.
export default defineConfig({
  ...library,
  entry: { index: 'src/index.ts', react: 'src/react.ts', protocol: 'src/protocol.ts' },
  platform: 'browser',
  treeshake: true,
  splitting: true,
  clean: true,
  external: [...reactExternals, /^braintree-web/, 'credit-card-type', '@ofw/domain'],
});

// The build every published @ofw/* package shares (README of this package): ES2022 output in both module formats,
// declarations for each, and what tsup's declaration build needs under TypeScript 6. A package spreads `library` into
// its own tsup.config.ts and adds only its entries, externals and how it splits.
import { rmSync } from 'node:fs';

/**
 * The options every published package builds with.
 * - `format`: ESM (`.js` / `.d.ts`, the `import` condition of `exports`) and CommonJS (`.cjs` / `.d.cts`, `require`).
 * - `dts.compilerOptions.ignoreDeprecations`: tsup's declaration build sets `baseUrl`, which TypeScript 6 deprecates
 *   (an error unless acknowledged; https://aka.ms/ts6); our own tsconfigs use none. Remove once tsup stops setting it.
 * - `target: 'es2022'`: the `target` of `@ofw/tsconfig/base.json`, what the packages' `engines` (Node ≥ 20.19) and
 *   the browsers join-web supports all run.
 * `sideEffects: false` is the packages' package.json's to say (bundlers read it there), not tsup's.
 *
 * @type {import('tsup').Options}
 */
export const library = {
  format: ['esm', 'cjs'],
  target: 'es2022',
  sourcemap: true,
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
};

/** What a React library keeps out of its bundle: the consumer's React (peer dependency) is the one that renders. */
export const reactExternals = ['react', 'react-dom', 'react/jsx-runtime'];

/**
 * Empties `dist/` of the package whose tsup.config.ts calls it. A config that returns more than one build (one per
 * format) cannot use tsup's `clean`: the builds run at once and each would empty the other's output.
 *
 * @param {string | URL} configUrl `import.meta.url` of the calling tsup.config.ts.
 */
export function emptyDist(configUrl) {
  rmSync(new URL('dist', configUrl), { recursive: true, force: true });
}

/**
 * Ladle (component catalogue) configuration for @ofw/ui. `pnpm --filter @ofw/ui catalogue` builds every
 * `stories/*.stories.tsx` into the static folder `dist/catalogue` (kept out of the published package by `files`).
 * Widths: `phone` is the 360 px phone the join must work on; stories that matter on a phone open at it.
 *
 * @type {import('@ladle/react').UserConfig}
 */
export default {
  stories: 'stories/**/*.stories.tsx',
  outDir: 'dist/catalogue',
  addons: {
    width: { enabled: true, options: { phone: 360, tablet: 768, desktop: 1280 }, defaultState: 0 },
    // axe in the catalogue: the "Accessibility" button runs it on the story shown.
    a11y: { enabled: true },
    // No API mocking: the components never fetch.
    msw: { enabled: false },
  },
};

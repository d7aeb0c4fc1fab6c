import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe (WCAG 2.1 A/AA rules and best practices) on the page, its card frames included, and fails listing every
 * violation. A page without frames is analysed in axe's single-frame ("legacy") mode, which gives the same result
 * without the blank page @axe-core/playwright opens to merge per-frame results (about half the time of a run); a
 * page with frames (the cross-origin card fields) gets the per-frame run, so the frames are checked too.
 */
export async function expectNoAxeViolations(page: Page, step: string): Promise<void> {
  const t0 = Date.now();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Only violations are read, so axe need not collect the nodes of passing and incomplete checks.
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  if (process.env.AXE_PROFILE) console.log(`PROFILE axe ${step} ${Date.now() - t0} ms frames=${page.frames().length}`);
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on step "${step}"`).toEqual([]);
}

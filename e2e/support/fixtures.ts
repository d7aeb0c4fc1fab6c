import { createHash } from 'node:crypto';
import { expect, test as base, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { demoLinks, type DemoLinks } from './demo';
import { VISA_OK, type Flow, type PaymentsDriver } from './join';
import { LABELS, type Labels, type UiLocale } from './labels';

/** The cells of the matrix (playwright.config.ts projects): UI locale × viewport width. */
export const MATRIX_CELLS = ['en-US-1280', 'en-US-360', 'es-MX-1280', 'es-MX-360'] as const;

/** Fails when the page scrolls sideways (a 360 px phone must not). */
export async function expectNoHorizontalScroll(page: Page, step: string): Promise<void> {
  // Against the device's width, not `innerWidth`: on a touch phone (isMobile) a page wider than the screen grows the
  // layout viewport and zooms out, so scrollWidth and innerWidth grow together and the overflow would not show.
  const width = page.viewportSize()?.width ?? (await page.evaluate(() => window.innerWidth));
  const overflow = (await page.evaluate(() => document.documentElement.scrollWidth)) - width;
  expect(overflow, `horizontal overflow on "${step}"`).toBeLessThanOrEqual(0);
}

export interface Fixtures {
  /** The UI locale of the project (an option; the browser's locale is set to it too). */
  uiLocale: UiLocale;
  /**
   * join-api's payment driver in this project (an option): `sandbox` (the sandbox's own API, every project but one)
   * or `braintree` (the real npm `braintree` SDK against the sandbox's Braintree gateway API; project `braintree`).
   */
  paymentsDriver: PaymentsDriver;
  /** Whether `flow.check` runs axe (an option; the `braintree` project leaves it to the other projects). */
  axe: boolean;
  L: Labels;
  flow: Flow;
  /**
   * A single-use demo link (pro referral or invite) for this test: each matrix cell has its own, and a retry takes
   * a spare one (support/serve-api.mjs seeds E2E_DEMO_COPIES sets), since a used token cannot be reused.
   */
  demoLink: (kind: 'pro' | 'invite') => Promise<string>;
}

/**
 * The client address this test's browser stands for: one of RFC 2544's benchmarking range (198.18.0.0/15, never
 * routed), derived from the test, its project and its retry, so every test is a parent at an address of its own.
 */
export function clientAddressOf(testInfo: Pick<TestInfo, 'testId' | 'retry' | 'project'>): string {
  const h = createHash('sha256').update(`${testInfo.project.name}\0${testInfo.testId}\0${testInfo.retry}`).digest();
  return `198.${18 + (h[0]! & 1)}.${h[1]!}.${h[2]!}`;
}

/**
 * The suite's `test`: every spec gets `flow` (page, labels, `check` and `press`) for its project's locale and width.
 * `check` runs axe on every step and, on a narrow (phone) viewport, also fails on sideways scrolling.
 */
export const test = base.extend<Fixtures>({
  uiLocale: ['en-US', { option: true }],
  paymentsDriver: ['sandbox', { option: true }],
  axe: [true, { option: true }],
  L: async ({ uiLocale }, use) => use(LABELS[uiLocale]),
  // join-api runs with production rate limits (RATE_LIMIT_FACTOR=1) behind TRUSTED_PROXIES=loopback, as the scale-out
  // bench does: each test's calls to its API carry X-Forwarded-For = the test's own address (clientAddressOf), so the
  // per-address limits see many parents, as in production. Only join-api's own /api requests get the header
  // (context.route): Chromium turns an extra header on a cross-origin request into a CORS preflight, which would
  // break the payments sandbox's frames (microsoft/playwright#21811).
  context: async ({ context, baseURL }, use, testInfo) => {
    const address = clientAddressOf(testInfo);
    if (baseURL) {
      await context.route(`${new URL(baseURL).origin}/api/**`, (route) =>
        route.fallback({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
      );
    }
    await use(context);
  },
  flow: async ({ page, L, viewport, hasTouch, paymentsDriver, axe }, use) => {
    const narrow = (viewport?.width ?? 1280) < 600;
    await use({
      page,
      L,
      paymentsDriver,
      // docs/PAYMENTS.md "3D Secure policy": a card whose liability cannot shift (4111…, not enrolled) is sold without it,
      // so in Braintree mode too a parent pays with it
      card: VISA_OK,
      check: async (step) => {
        if (axe) await expectNoAxeViolations(page, `${step} (${L.locale}, ${viewport?.width ?? '?'} px)`);
        if (narrow) await expectNoHorizontalScroll(page, step);
      },
      press: (target) => (hasTouch ? target.tap() : target.click()),
    });
  },
  // Playwright reads a fixture's dependencies from its destructured first argument: none here.
  // eslint-disable-next-line no-empty-pattern
  demoLink: async ({}, use, testInfo) => {
    await use(async (kind) => {
      const links: DemoLinks = await demoLinks();
      const cell = Math.max(0, (MATRIX_CELLS as readonly string[]).indexOf(testInfo.project.name));
      const index = cell + MATRIX_CELLS.length * testInfo.retry;
      const link = links[kind][index];
      if (!link) throw new Error(`no spare ${kind} demo link #${index} (raise E2E_DEMO_COPIES)`);
      return link;
    });
  },
});

export { expect };

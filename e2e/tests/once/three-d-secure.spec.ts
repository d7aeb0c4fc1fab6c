import { expect, test } from '../../support/fixtures';
import {
  challengeFrame,
  fillBillingAddress,
  fillCard,
  finishJoin,
  newParent,
  payAndWaitForOrder,
  regularJoinToPayment,
  watchOrders,
  VISA_3DS_CHALLENGE,
  type Flow,
} from '../../support/join';
import { sandboxURL } from '../../support/env';
import { expectChargedOnce } from '../../support/money';
import { servedTier } from '../../support/packages';
import type { Page } from '@playwright/test';

/** A `securitypolicyviolation` event, where it fired. */
interface CspViolation {
  frame: string;
  directive: string;
  blockedURI: string;
}

/**
 * Records every `securitypolicyviolation` event of every frame of the page — the page, the card-field frames, the
 * challenge frame whichever document it holds (the provider's, the bank's) — from the next navigation on: an init
 * script in each frame reports to one binding. A CSP that blocks the bank's page fires one in the page itself.
 */
async function watchCspViolations(page: Page): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await page.exposeBinding('__reportCspViolation', ({ frame }, v: Omit<CspViolation, 'frame'>) => {
    violations.push({ frame: frame.url(), ...v });
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void }).__reportCspViolation;
      report?.({
        directive: event.effectiveDirective,
        blockedURI: event.blockedURI,
        source: event.sourceFile,
        line: event.lineNumber,
        sample: event.sample,
      });
    });
  });
  return violations;
}

/** The origin of the document in the challenge dialog's frame (the bank's page, once the provider's frame went there). */
async function challengeFrameOrigin(page: Page): Promise<string> {
  const frame = await (await page.getByRole('dialog').locator('iframe').elementHandle()).contentFrame();
  return new URL(frame!.url()).origin;
}

/** A regular join up to the payment step with the 3D Secure challenge card and a billing address typed in. */
async function toChallengeCard(flow: Flow, tag: string, selectButtonId: string) {
  const parent = newParent(tag);
  await regularJoinToPayment(flow, parent, selectButtonId);
  await fillCard(flow, VISA_3DS_CHALLENGE);
  await fillBillingAddress(flow);
  return parent;
}

test.describe('3D Secure challenge (§4 "3D Secure flow", docs/PAYMENTS.md)', () => {
  test('a completed challenge pays and the join finishes', { tag: '@braintree' }, async ({ flow, request }) => {
    const { page, L } = flow;
    const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
    const violations = await watchCspViolations(page);
    const parent = await toChallengeCard(flow, '3ds-ok', premium.selectButtonId);
    const order = await payAndWaitForOrder(flow, async () => {
      await expect(page.getByRole('dialog', { name: L.t('payments.threeDSecure.title') })).toBeVisible({
        timeout: 20_000,
      });
      const complete = challengeFrame(page).getByRole('button', { name: 'Complete authentication' });
      await expect(complete).toBeVisible({ timeout: 20_000 });
      // docs/PAYMENTS.md: the bank's page is a third origin — as an issuer's ACS is — which the page's CSP lets it frame
      const bank = await challengeFrameOrigin(page);
      expect([new URL(page.url()).origin, new URL(sandboxURL).origin]).not.toContain(bank);
      await flow.check('3D Secure challenge');
      await complete.click();
    });
    await expectChargedOnce(flow, request, {
      email: parent.email,
      orderId: order.orderId,
      amount: 216, // spec §9: Premium, 1 year, USD
      currency: 'USD',
    });
    await finishJoin(flow, parent);
    expect(violations).toEqual([]);
  });

  test('a failed challenge shows the error banner and charges nothing', async ({ flow, request }) => {
    const { page, L } = flow;
    const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
    const orders = watchOrders(page);
    const violations = await watchCspViolations(page);
    await toChallengeCard(flow, '3ds-fail', premium.selectButtonId);
    await flow.press(page.getByRole('button', { name: L.pay }));
    await challengeFrame(page).getByRole('button', { name: 'Fail authentication' }).click({ timeout: 20_000 });
    await expect(page.getByRole('alert').filter({ hasText: /could not (verify|authenticate)/i })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await flow.check('payment after a failed 3D Secure');
    expect(orders).toHaveLength(0);
    expect(violations).toEqual([]);
  });

  test('Escape cancels the challenge: the banner says so and nothing is charged', async ({ flow, request }) => {
    const { page, L } = flow;
    const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
    const orders = watchOrders(page);
    const violations = await watchCspViolations(page);
    await toChallengeCard(flow, '3ds-esc', premium.selectButtonId);
    await flow.press(page.getByRole('button', { name: L.pay }));
    await expect(challengeFrame(page).getByRole('button', { name: 'Complete authentication' })).toBeVisible({
      timeout: 20_000,
    });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: /canceled|cancelled/i })).toBeVisible();
    await flow.check('payment after a cancelled 3D Secure');
    expect(orders).toHaveLength(0);
    expect(violations).toEqual([]);
  });
});

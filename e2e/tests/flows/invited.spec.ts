import { applyDiscount, chargeAmount, getPackage, type CouponAvailability } from '@ofw/domain';
import { expect, test } from '../../support/fixtures';
import {
  acceptTerms,
  chargedAmount,
  detailsStep,
  finishJoin,
  newParent,
  openJoin,
  packageStep,
  payByCard,
} from '../../support/join';
import { servedTier } from '../../support/packages';

test('§4 invited co-parent join: family loaded, invite coupon, no security questions, token cleared at the end', async ({
  flow,
  request,
  demoLink,
}) => {
  const { page, L } = flow;
  const invite = await demoLink('invite');
  const token = invite.split('/').pop()!;
  const premium = await servedTier(request, 'USD', 'PREMIUM', 1, 'ctj');
  const parent = newParent('ctj');

  await openJoin(flow, invite);
  // The family of the demo parent (Alex Demo) is loaded and listed as co-parents.
  await expect(page.getByText(/Alex Demo/)).toBeVisible();
  const coupons = page.waitForResponse((r) => /^\/api\/v1\/(invites\/)?coupons$/.test(new URL(r.url()).pathname));
  await detailsStep(flow, parent);

  // Invite coupons apply (§3 availability entries, audience 'invite'): amount and percent, from @ofw/domain.
  const available = (await (await coupons).json()) as CouponAvailability[];
  const shown = applyDiscount(getPackage(premium.id)!, available);
  await expect(page.locator(`[id="${premium.selectButtonId}"]`)).toBeVisible();
  if (shown.discount) {
    const { discountAmount, discountPercent } = shown.discount;
    await expect(
      page.getByText(L.t('package.discount', { amount: L.money(discountAmount, 'USD'), percent: discountPercent })),
    ).toBeVisible();
  }
  await packageStep(flow, premium.selectButtonId);
  await acceptTerms(flow);

  const order = await payByCard(flow, { total: chargeAmount(shown), currency: 'USD' });
  expect(await chargedAmount(request, order.orderId)).toBe(chargeAmount(shown));

  // Invited flow: credentials only, the security questions are skipped (§4 "Completion").
  await finishJoin(flow, parent, { securityQuestions: false });
  // §4 "Completion" clears the invite token.
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain(token);
});

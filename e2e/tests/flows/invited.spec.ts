import type { CouponAvailability } from '@ofw/domain';
import { expect, test } from '../../support/fixtures';
import { acceptTerms, detailsStep, finishJoin, newParent, openJoin, packageStep, payByCard } from '../../support/join';
import { expectChargedOnce } from '../../support/money';
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

  // Invite coupons apply (§3 availability entries, audience 'invite'): the seeded COPARENT20 takes $20 off Premium (1
  // year, $216), so the invited parent sees $20.00 off (9 %, §4 "Discount": a floored integer percent) and pays $196.00.
  const available = (await (await coupons).json()) as CouponAvailability[];
  expect(available).toContainEqual({ packageId: premium.id, status: 'available', discountAmount: 20 });
  expect(premium.totalPrice).toBe(216);
  await expect(page.locator(`[id="${premium.selectButtonId}"]`)).toBeVisible();
  await expect(page.getByText(L.t('package.discount', { amount: L.money(20, 'USD'), percent: 9 }))).toBeVisible();
  await packageStep(flow, premium.selectButtonId);
  await acceptTerms(flow);

  const order = await payByCard(flow, { total: 196, currency: 'USD' });
  await expectChargedOnce(flow, request, { email: parent.email, orderId: order.orderId, amount: 196, currency: 'USD' });

  // Invited flow: credentials only, the security questions are skipped (§4 "Completion").
  await finishJoin(flow, parent, { securityQuestions: false });
  // §4 "Completion" clears the invite token.
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain(token);
});

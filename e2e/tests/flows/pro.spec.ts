import { expect, test } from '../../support/fixtures';
import {
  acceptTerms,
  detailsStep,
  fillBillingAddress,
  finishJoin,
  newParent,
  openJoin,
  watchOrders,
} from '../../support/join';

test('§1 §4 pro-referred join: the professional is named and a pro-created account completes without payment', async ({
  flow,
  demoLink,
}) => {
  const { page, L } = flow;
  const parent = newParent('pro');
  const orders = watchOrders(page);
  // join-api's demo professional is Dana Rivera (its seeded referral).
  const referredBy = page.getByText(L.t('details.proReferral', { name: 'Dana Rivera' }));

  await openJoin(flow, await demoLink('pro'));
  await detailsStep(flow, parent);

  // The referral (consumed by the sign-up) names the professional from then on; a pro-created account skips the
  // package and payment steps (§4 "Completion": created by a pro → no subscription needed).
  await expect(referredBy).toBeVisible();
  await acceptTerms(flow);
  // No payment step, so the last step asks for the billing address (§4 "Completion": billing address complete).
  await expect(page.getByLabel(L.username)).toBeVisible({ timeout: 20_000 });
  await expect(referredBy).toBeVisible();
  await fillBillingAddress(flow);
  await finishJoin(flow, parent, { subscription: false });
  expect(orders, 'no order was sent').toHaveLength(0);
});

import { expect, test } from '../../support/fixtures';
import { currentStep, detailsStep, newParent, openJoin, packageButton } from '../../support/join';
import { servedTier } from '../../support/packages';

/*
 * join-web README "Steps in the URL", "Sign out" and "Recoverable failures": the join behaves like a checkout — the
 * URL names the step, the browser's Back and Forward move between steps with the input kept, a deep link cannot skip
 * a step, a parent who is not the one signed in can sign out, and a failed request offers Try again.
 */

const stepOf = (url: string) => new URL(url).searchParams.get('step');

test('Back on the plans returns to the details and Forward to the plans (data kept)', async ({ flow, request }) => {
  const { page, L } = flow;
  const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
  const parent = newParent('history');
  await openJoin(flow);
  await detailsStep(flow, parent);
  await expect(packageButton(page, premium.selectButtonId)).toBeVisible();
  expect(stepOf(page.url())).toBe('package');

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: L.t('steps.details') })).toBeVisible();
  expect(stepOf(page.url())).toBe('details');
  await expect(page.getByLabel(L.firstName)).toHaveValue(parent.firstName);
  await expect(page.getByLabel(L.email)).toHaveValue(parent.email);
  await expect(page.getByLabel(L.phoneNumber)).toHaveValue(parent.phoneNumber);
  await flow.check('details after the browser Back');

  await page.goForward();
  await expect(packageButton(page, premium.selectButtonId)).toBeVisible();
  expect(stepOf(page.url())).toBe('package');
  await expect(currentStep(page)).toContainText(L.t('steps.package'));

  // a reload stays on the step the URL names
  await page.reload();
  await expect(packageButton(page, premium.selectButtonId)).toBeVisible();
  expect(stepOf(page.url())).toBe('package');
});

test('deep link to payment without details lands on details', async ({ flow }) => {
  const { page, L } = flow;
  await page.goto('/join?step=payment');
  await expect(page.getByLabel(L.firstName)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: L.t('steps.details') })).toBeVisible();
  await expect.poll(() => stepOf(page.url())).toBe('details');
  await expect(page.getByLabel(L.firstName)).toHaveValue('');
  // replaced, not pushed: Back leaves the join instead of returning to the refused link
  await page.goBack();
  expect(page.url()).not.toContain('step=payment');
});

test('sign-out leaves an empty /join', async ({ flow, request }) => {
  const { page, L } = flow;
  const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
  const parent = newParent('signout');
  await openJoin(flow);
  await detailsStep(flow, parent);
  await expect(packageButton(page, premium.selectButtonId)).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header).toContainText(L.t('app.session.signedInAs', { email: parent.email }));
  await expect(header).toContainText(L.t('app.session.notYou'));
  await flow.check('plans with the sign-out line');
  expect((await page.context().cookies()).some((c) => c.name === '__Host-ofw_session')).toBe(true);

  await flow.press(header.getByRole('button', { name: L.t('app.session.signOut') }));
  await expect(page.getByRole('heading', { level: 1, name: L.t('steps.details') })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/join');
  await expect.poll(() => stepOf(page.url())).toBe('details');
  for (const label of [L.firstName, L.lastName, L.email, L.phoneNumber])
    await expect(page.getByLabel(label)).toHaveValue('');
  await expect(header.getByRole('button', { name: L.t('app.session.signOut') })).toHaveCount(0);
  // join-api ended the session (its cookie is cleared) and the tab keeps nothing of the parent
  expect((await page.context().cookies()).some((c) => c.name === '__Host-ofw_session')).toBe(false);
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(parent.email);
  // the plans are no longer reachable by a link
  await page.goto('/join?step=package');
  await expect(page.getByLabel(L.firstName)).toHaveValue('');
  await expect.poll(() => stepOf(page.url())).toBe('details');
});

test('an aborted plans request offers Try again that loads the plans', async ({ flow, request }) => {
  const { page, L } = flow;
  const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
  let aborted = 0;
  await page.route('**/api/v1/packages?**', async (route) => {
    if (aborted === 0) {
      aborted += 1;
      await route.abort('connectionreset');
    } else await route.fallback();
  });
  await openJoin(flow);
  await detailsStep(flow, newParent('retry'));
  const alert = page.getByRole('alert').filter({ hasText: L.t('app.error.loadFailed') });
  await expect(alert).toBeVisible();
  await expect(packageButton(page, premium.selectButtonId)).toHaveCount(0);
  await flow.check('plans that failed to load');

  await flow.press(page.getByRole('button', { name: L.t('app.tryAgain') }));
  await expect(packageButton(page, premium.selectButtonId)).toBeVisible();
  await expect(alert).toHaveCount(0);
  expect(aborted).toBe(1);
});

import { expect, test } from '../../support/fixtures';
import { emailCodeFor } from '../../support/email-code';
import { acceptTerms, fillAccountDetails, newParent, openJoin, packageStep, payByCard } from '../../support/join';
import { servedTier } from '../../support/packages';

/** The "Check your e-mail" step after the sign-up (docs/IDENTITY.md), against join-api and the suite's maildev. */

test('a wrong code says so with the tries left; the right code pasted (spaces and dash) opens the plans', async ({
  flow,
  request,
}) => {
  const { page, L } = flow;
  const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
  const parent = newParent('code');
  await openJoin(flow);
  await fillAccountDetails(flow, parent);
  await flow.press(page.getByRole('button', { name: L.continue }));
  await expect(page.getByRole('heading', { level: 1, name: L.t('steps.email') })).toBeVisible();
  const field = page.getByLabel(L.t('email.codeLabel'));
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  const code = await emailCodeFor(request, parent.email);

  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await field.fill(wrong);
  await flow.press(page.getByRole('button', { name: L.t('email.confirm') }));
  await expect(page.getByText(L.t('email.incorrect', { tries: 4 }))).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await flow.check('a wrong code');

  await field.fill('');
  await field.focus();
  await page.evaluate(
    (text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    },
    ` ${code.slice(0, 3)}-${code.slice(3)} `,
  );
  await expect(page.locator(`[id="${premium.selectButtonId}"]`)).toBeVisible();
  // the step is behind: Back returns to the details, not to the code
  await flow.press(page.getByRole('button', { name: L.back }));
  await expect(page.getByRole('heading', { level: 1, name: L.t('steps.details') })).toBeVisible();
});

test('a hostile sign-up with an address, never proven, does not stop its owner from proving it and paying', async ({
  flow,
  request,
}) => {
  const { page, L } = flow;
  const essentials = await servedTier(request, 'USD', 'ESSENTIALS', 1);
  const owner = newParent('owner');
  // someone else signs up first with the owner's address (an API client: no code asked, none entered)
  const hostile = await request.post('/api/v1/signups', {
    data: {
      flow: 'join',
      languageLocale: 'en-US',
      address: { country: 'US' },
      parent: {
        firstName: 'Mallory',
        lastName: 'Hostile',
        email: owner.email,
        phoneCountryCode: '+1',
        phoneNumber: '2065550199',
        timeZone: 'America/Chicago',
      },
    },
  });
  expect(hostile.status()).toBe(201);
  const { userId, authToken } = (await hostile.json()) as { userId: number; authToken: string };
  const state = await request.get(`/api/v1/parents/${userId}`, { headers: { authorization: `Bearer ${authToken}` } });
  expect(((await state.json()) as { emailVerified: boolean }).emailVerified).toBe(false);

  await openJoin(flow);
  await fillAccountDetails(flow, owner);
  await flow.press(page.getByRole('button', { name: L.continue }));
  await page.getByLabel(L.t('email.codeLabel')).fill(await emailCodeFor(request, owner.email));
  await flow.press(page.getByRole('button', { name: L.t('email.confirm') }));
  await packageStep(flow, essentials.selectButtonId);
  await acceptTerms(flow);
  const order = await payByCard(flow, { total: 149.99, currency: 'USD' });
  expect(order.orderId).toMatch(/^ord_/);
});

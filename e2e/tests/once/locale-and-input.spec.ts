import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { cardFieldsReady, newParent, VISA_OK } from '../../support/join';
import { ES_MX } from '../../support/labels';
import { servedTier } from '../../support/packages';

test('§1 the language switch turns the page Spanish (es-MX) and back', async ({ flow }) => {
  const { page, L } = flow;
  await page.goto('/join');
  await expect(page.getByLabel(L.firstName)).toBeVisible();
  await page.getByLabel(L.language).selectOption('es-MX');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  await expect(page.getByLabel(ES_MX.firstName)).toBeVisible();
  await expect(page.getByRole('button', { name: ES_MX.continue })).toBeVisible();
  await flow.check('details after the switch to es-MX');
  await page.getByLabel(ES_MX.language).selectOption('en-US');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByLabel(L.firstName)).toBeVisible();
});

/** Presses Tab until `target` has focus (an iframe counts when the focus is inside it). */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('a regular join done by keyboard alone (Tab, Enter, Space, typing; no clicks)', async ({ flow, request }) => {
  const { page, L } = flow;
  const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
  const parent = newParent('kbd');
  const type = (text: string) => page.keyboard.type(text, { delay: 5 });
  await page.goto('/join');
  await expect(page.getByLabel(L.firstName)).toBeVisible();

  await tabTo(page, page.getByLabel(L.firstName));
  await type(parent.firstName);
  await tabTo(page, page.getByLabel(L.lastName));
  await type(parent.lastName);
  await tabTo(page, page.getByLabel(L.email));
  await type(parent.email);
  await tabTo(page, page.getByLabel(L.phoneNumber));
  await type(parent.phoneNumber);
  await expect(page.getByLabel(L.country, { exact: true })).toHaveValue('US');
  await tabTo(page, page.getByRole('button', { name: L.continue }));
  await page.keyboard.press('Enter');

  const select = page.locator(`[id="${premium.selectButtonId}"]`);
  await expect(select).toBeVisible();
  await tabTo(page, select);
  await page.keyboard.press('Enter');

  const terms = page.getByRole('button', { name: L.continue });
  await expect(terms).toBeVisible();
  await tabTo(page, terms);
  await page.keyboard.press('Space');

  await cardFieldsReady(flow);
  for (const [field, value] of [
    ['number', VISA_OK.number],
    ['expirationDate', VISA_OK.expiry],
    ['cvv', VISA_OK.cvv],
  ] as const) {
    await tabTo(page, page.locator(`iframe[name="braintree-hosted-field-${field}"]`));
    await type(value);
  }
  await tabTo(page, page.getByLabel(L.streetAddress, { exact: true }));
  await type('1 Main Street');
  await tabTo(page, page.getByLabel(L.city));
  await type('Seattle');
  const state = page.getByLabel(L.t('payment.state'), { exact: true });
  await tabTo(page, state);
  await type((await state.evaluate((el) => el.tagName)) === 'SELECT' ? 'Washington' : 'WA');
  await expect(state).toHaveValue('WA');
  await tabTo(page, page.getByLabel(L.t('payment.zip')));
  await type('98101');
  const pay = page.getByRole('button', { name: L.pay });
  await tabTo(page, pay);
  await page.keyboard.press('Enter');

  await expect(page.getByLabel(L.username)).toBeVisible({ timeout: 30_000 });
  await tabTo(page, page.getByLabel(L.username));
  await type(parent.username);
  await tabTo(page, page.getByLabel(L.password, { exact: true }));
  await type(parent.password);
  for (const n of [1, 2, 3]) {
    const question = page.getByLabel(L.securityQuestion(n));
    await tabTo(page, question);
    // A closed select moves through its options with the arrow keys; each question takes a different one.
    for (let i = 0; i < n; i++) await page.keyboard.press('ArrowDown');
    await expect(question).not.toHaveValue('');
    await tabTo(page, page.getByLabel(L.answer(n)));
    await type(`answer number ${n}`);
  }
  await tabTo(page, page.getByRole('button', { name: L.finish }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/ofw/home.form', { timeout: 20_000 });
  await expect(page.getByText(`${parent.firstName} ${parent.lastName}`)).toBeVisible();
  await expect(page.getByText(/active subscription/i)).toBeVisible();
});

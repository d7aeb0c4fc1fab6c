import { expect, type Page } from '@playwright/test';

/** A parent unique to one test run, so parallel tests never collide on the email. */
export function newParent(tag: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Ada',
    lastName: `Lovelace-${tag}`,
    email: `ada.${tag}.${id}@example.com`,
    phoneNumber: '2065550123',
    username: `ada_${tag}_${id}`.slice(0, 30),
    password: 'correct horse battery staple 42',
  };
}
export type Parent = ReturnType<typeof newParent>;

/** Fills a labelled control that may be a <select> or a text input (e.g. "State"). */
export async function fillOrSelect(page: Page, label: string, value: string): Promise<void> {
  const control = page.getByLabel(label, { exact: true });
  const tag = await control.evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'select') await control.selectOption(value);
  else await control.fill(value);
}

/** The hosted card fields live in cross-origin frames served by the payment provider (the sandbox). */
export function cardFrame(page: Page, field: 'number' | 'expirationDate' | 'cvv') {
  return page.frameLocator(`iframe[name="braintree-hosted-field-${field}"]`);
}

export async function fillCard(page: Page, card: { number: string; expiry: string; cvv: string }): Promise<void> {
  const number = cardFrame(page, 'number').getByLabel('Card number');
  await number.fill('');
  await number.pressSequentially(card.number, { delay: 5 });
  const exp = cardFrame(page, 'expirationDate').getByLabel('Expiration date');
  await exp.fill('');
  await exp.pressSequentially(card.expiry, { delay: 5 });
  const cvv = cardFrame(page, 'cvv').getByLabel('CVV');
  await cvv.fill('');
  await cvv.pressSequentially(card.cvv, { delay: 5 });
}

/** The current step as the step indicator announces it (aria-current="step"). */
export function currentStep(page: Page) {
  return page.locator('[aria-current="step"]');
}

export async function fillAccountDetails(page: Page, parent: Parent): Promise<void> {
  await page.getByLabel('First name').fill(parent.firstName);
  await page.getByLabel('Last name').fill(parent.lastName);
  await page.getByLabel('Email').fill(parent.email);
  await expect(page.getByLabel('Country code')).toHaveValue('+1');
  await page.getByLabel('Phone number').fill(parent.phoneNumber);
}

export async function fillBillingAddress(page: Page): Promise<void> {
  await page.getByLabel('Street address').fill('1 Main Street');
  await page.getByLabel('City').fill('Seattle');
  await fillOrSelect(page, 'State', 'WA');
  await page.getByLabel('ZIP code').fill('98101');
}

export async function fillCredentialsAndSecurityQuestions(page: Page, parent: Parent): Promise<void> {
  await page.getByLabel('Username').fill(parent.username);
  await page.getByLabel('Password', { exact: true }).fill(parent.password);
  for (const n of [1, 2, 3]) {
    const select = page.getByLabel(`Security question ${n}`);
    // Each select offers the whole list; pick a different question for each (option 0 may be a placeholder).
    const values = await select
      .locator('option')
      .evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => o.value).filter((v) => v !== ''));
    await select.selectOption(values[n - 1] ?? values[0]!);
    await page.getByLabel(`Answer ${n}`).fill(`answer number ${n}`);
  }
}

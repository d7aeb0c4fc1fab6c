import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { sandboxURL } from './env';
import { EN_US, US_BILLING, type BillingAddress, type Labels } from './labels';

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

/** A test card (payments-sandbox README "Test values"). */
export interface Card {
  number: string;
  expiry: string;
  cvv: string;
}
export const VISA_OK: Card = { number: '4111111111111111', expiry: '12/30', cvv: '123' };
export const VISA_DECLINED: Card = { number: '4000111111111115', expiry: '12/30', cvv: '123' };
/** 3D Secure challenge: the bank page offers "Complete authentication" / "Fail authentication". */
export const VISA_3DS_CHALLENGE: Card = { number: '4000000000002503', expiry: '12/30', cvv: '123' };

export async function fillCard(page: Page, card: Card, labels: Labels = EN_US): Promise<void> {
  const number = cardFrame(page, 'number').getByLabel(labels.cardNumber);
  await number.fill('');
  await number.pressSequentially(card.number, { delay: 5 });
  const exp = cardFrame(page, 'expirationDate').getByLabel(labels.expirationDate);
  await exp.fill('');
  await exp.pressSequentially(card.expiry, { delay: 5 });
  const cvv = cardFrame(page, 'cvv').getByLabel(labels.cvv);
  await cvv.fill('');
  await cvv.pressSequentially(card.cvv, { delay: 5 });
}

/** The current step as the step indicator announces it (aria-current="step"). */
export function currentStep(page: Page) {
  return page.locator('[aria-current="step"]');
}

/**
 * Fills the account details step. Without `phoneCode` it checks the §5 default (+1); with one it picks that code
 * (e.g. '+44') so the country follows it.
 */
export async function fillAccountDetails(
  page: Page,
  parent: Parent,
  labels: Labels = EN_US,
  opts: { phoneCode?: string } = {},
): Promise<void> {
  await page.getByLabel(labels.firstName).fill(parent.firstName);
  await page.getByLabel(labels.lastName).fill(parent.lastName);
  await page.getByLabel(labels.email).fill(parent.email);
  if (opts.phoneCode) await page.getByLabel(labels.phoneCode).selectOption(opts.phoneCode);
  else await expect(page.getByLabel(labels.phoneCode)).toHaveValue('+1');
  await page.getByLabel(labels.phoneNumber).fill(parent.phoneNumber);
}

export async function fillBillingAddress(page: Page, address: BillingAddress = US_BILLING, labels: Labels = EN_US) {
  await page.getByLabel(labels.streetAddress).fill(address.streetAddress);
  await page.getByLabel(labels.city).fill(address.city);
  await fillOrSelect(page, address.regionLabel, address.region);
  await page.getByLabel(address.postalLabel, { exact: true }).fill(address.postalCode);
}

export async function fillCredentialsAndSecurityQuestions(
  page: Page,
  parent: Parent,
  labels: Labels = EN_US,
  opts: { securityQuestions?: boolean } = {},
): Promise<void> {
  await page.getByLabel(labels.username).fill(parent.username);
  await page.getByLabel(labels.password, { exact: true }).fill(parent.password);
  if (opts.securityQuestions === false) return;
  for (const n of [1, 2, 3]) {
    const select = page.getByLabel(labels.securityQuestion(n));
    // Each select offers the whole list; pick a different question for each (option 0 may be a placeholder).
    const values = await select
      .locator('option')
      .evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => o.value).filter((v) => v !== ''));
    await select.selectOption(values[n - 1] ?? values[0]!);
    await page.getByLabel(labels.answer(n)).fill(`answer number ${n}`);
  }
}

/** The body of join-api's `POST /api/v1/orders` 201 (the fields the specs check). */
export interface OrderAnswer {
  orderId: string;
  purchaseFlow: 'purchase' | 'upgrade';
  receipt: { amount: number; currencyCode: string; discountAmount: number; vatAmount?: number };
}

/**
 * Clicks the pay button and waits for join-api's answer to the order it sends (3D Secure, if any, is handled by
 * `during`, which runs after the click). Fails unless the order was paid (201).
 */
export async function payAndWaitForOrder(
  page: Page,
  labels: Labels = EN_US,
  during?: () => Promise<void>,
): Promise<OrderAnswer> {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders',
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: labels.pay }).click();
  if (during) await during();
  const res = await answer;
  expect(res.status(), 'POST /api/v1/orders answers 201').toBe(201);
  return (await res.json()) as OrderAnswer;
}

/** What the payment provider (the sandbox gateway) actually charged for an order, major units. */
export async function chargedAmount(request: APIRequestContext, orderId: string): Promise<number> {
  const res = await request.get(`${sandboxURL}/v1/transactions?orderId=${encodeURIComponent(orderId)}`);
  expect(res.ok(), `the sandbox has a transaction for order ${orderId}`).toBe(true);
  const { transaction } = (await res.json()) as { transaction: { amount: string; status: string } };
  expect(transaction.status).toMatch(/authorized|submitted_for_settlement/);
  return Number(transaction.amount);
}

/** The last step: credentials (+ security questions unless skipped), Finish, and the §4 completion redirect. */
export async function finishJoin(
  page: Page,
  parent: Parent,
  labels: Labels = EN_US,
  opts: { securityQuestions?: boolean; axe?: (step: string) => Promise<void> } = {},
): Promise<void> {
  await expect(page.getByLabel(labels.username)).toBeVisible({ timeout: 20_000 });
  await fillCredentialsAndSecurityQuestions(page, parent, labels, opts);
  if (opts.axe) await opts.axe('credentials');
  await page.getByRole('button', { name: labels.finish }).click();
  await page.waitForURL('**/ofw/home.form', { timeout: 20_000 });
  await expect(page.getByText(`${parent.firstName} ${parent.lastName}`)).toBeVisible();
}

/** Money as the join pages format it (Intl currency, 2 decimals) in a UI locale. */
export function money(amount: number, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** Terms step: the list with its Continue button (§2). */
export async function acceptTerms(page: Page, labels: Labels = EN_US, axe?: (step: string) => Promise<void>) {
  const next = page.getByRole('button', { name: labels.continue });
  await expect(next).toBeVisible();
  if (axe) await axe('terms');
  await next.click();
}

/** Waits for the card frames of the payment step (cross-origin, from the sandbox). */
export async function cardFieldsReady(page: Page, labels: Labels = EN_US) {
  await expect(cardFrame(page, 'number').getByLabel(labels.cardNumber)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: labels.pay })).toBeEnabled({ timeout: 20_000 });
}

/**
 * A regular join up to the payment step: details (+1, US), the package whose select button has `selectButtonId`,
 * terms; waits for the card frames.
 */
export async function regularJoinToPayment(
  page: Page,
  parent: Parent,
  selectButtonId: string,
  labels: Labels = EN_US,
  axe?: (step: string) => Promise<void>,
): Promise<void> {
  await fillAccountDetails(page, parent, labels);
  if (axe) await axe('account details');
  await page.getByRole('button', { name: labels.continue }).click();
  const select = page.locator(`[id="${selectButtonId}"]`);
  await expect(select).toBeVisible();
  if (axe) await axe('package choice');
  await select.click();
  await acceptTerms(page, labels, axe);
  await cardFieldsReady(page, labels);
}

/** The bank's 3D Secure challenge page, inside @ofw/payments' challenge dialog. */
export function challengeFrame(page: Page) {
  return page.getByRole('dialog').frameLocator('iframe');
}

/** Records the orders the page sends (`POST /api/v1/orders`), to prove a flow sent none. */
export function watchOrders(page: Page): Request[] {
  const orders: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders') orders.push(r);
  });
  return orders;
}

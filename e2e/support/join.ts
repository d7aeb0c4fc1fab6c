import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { TEST_CARDS } from '@ofw/test-kit/fixtures';
import { US_BILLING, type BillingAddress, type Labels } from './labels';
import { emailCodeStep } from './email-code';

export { money } from './labels';

/**
 * What a spec drives a join with: the page, the labels of its UI locale, `check` (run on every step: axe, and at
 * 360 px no sideways scroll) and `press` (a tap on a touch screen, a click otherwise). Made by the `flow` fixture
 * (support/fixtures.ts) from the project's locale and viewport.
 */
export interface Flow {
  page: Page;
  L: Labels;
  /** join-api's payment driver in this project (fixture option `paymentsDriver`). */
  paymentsDriver: PaymentsDriver;
  /** The card a parent pays with: VISA_OK with either driver (sold without a liability shift, docs/PAYMENTS.md). */
  card: Card;
  check: (step: string) => Promise<void>;
  press: (target: Locator) => Promise<void>;
}

/** join-api's payment driver (`PAYMENTS_DRIVER`). */
export type PaymentsDriver = 'sandbox' | 'braintree';

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

/** A test card (payments-sandbox README "Test values"; the cards are @ofw/test-kit's `TEST_CARDS`). */
export interface Card {
  number: string;
  expiry: string;
  cvv: string;
}
export const VISA_OK: Card = TEST_CARDS.visa;
export const VISA_DECLINED: Card = TEST_CARDS.visaDeclined;
/** 3D Secure frictionless success: authenticated (liability shifted) without a challenge, then authorizes. */
export const VISA_3DS_FRICTIONLESS: Card = TEST_CARDS.visa3dsFrictionless;
/** 3D Secure challenge: the bank page offers "Complete authentication" / "Fail authentication". */
export const VISA_3DS_CHALLENGE: Card = TEST_CARDS.visa3dsChallenge;

/** Types a card into the hosted fields (key by key: the fields format as they are typed). */
export async function fillCard({ page, L }: Flow, card: Card): Promise<void> {
  for (const [field, label, value] of [
    ['number', L.cardNumber, card.number],
    ['expirationDate', L.expirationDate, card.expiry],
    ['cvv', L.cvv, card.cvv],
  ] as const) {
    const input = cardFrame(page, field).getByLabel(label);
    await input.fill('');
    await input.pressSequentially(value);
  }
}

/** The current step as the step indicator announces it (aria-current="step"). */
export function currentStep(page: Page) {
  return page.locator('[aria-current="step"]');
}

/** Opens a join page and waits for its first form, in the project's UI locale (`<html lang>`). */
export async function openJoin({ page, L }: Flow, path = '/join'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', L.locale);
  await expect(page.getByLabel(L.firstName)).toBeVisible();
}

/**
 * Fills the account details step. Without `phoneCode` it checks the §5 default (+1) and that the country follows it
 * (US); with one it picks that code (e.g. '+44') and expects `country`.
 */
export async function fillAccountDetails(
  { page, L }: Flow,
  parent: Parent,
  opts: { phoneCode?: string; country?: string } = {},
): Promise<void> {
  await page.getByLabel(L.firstName).fill(parent.firstName);
  await page.getByLabel(L.lastName).fill(parent.lastName);
  await page.getByLabel(L.email).fill(parent.email);
  if (opts.phoneCode) await page.getByLabel(L.phoneCode).selectOption(opts.phoneCode);
  else await expect(page.getByLabel(L.phoneCode)).toHaveValue('+1');
  await page.getByLabel(L.phoneNumber).fill(parent.phoneNumber);
  await expect(page.getByLabel(L.country, { exact: true })).toHaveValue(opts.country ?? 'US');
}

/**
 * The details step: fill, check, Continue (§2) — then the code e-mailed to the address (docs/IDENTITY.md), unless
 * `proven` (an invited co-parent who kept the invited address: the invitation proved it).
 */
export async function detailsStep(
  flow: Flow,
  parent: Parent,
  opts: { phoneCode?: string; country?: string; proven?: boolean } = {},
) {
  await fillAccountDetails(flow, parent, opts);
  await flow.check('details');
  await flow.press(flow.page.getByRole('button', { name: flow.L.continue }));
  if (!opts.proven) await emailCodeStep(flow, parent.email);
}

/** The select button of a package tier (its `selectButtonId`, §9). */
export function packageButton(page: Page, selectButtonId: string) {
  return page.locator(`[id="${selectButtonId}"]`);
}

/** Picks the 1- or 2-year switch of the package step (§2). */
export async function chooseYears({ page, L, press }: Flow, years: 1 | 2): Promise<void> {
  const radio = page.getByRole('radio', { name: L.t(years === 1 ? 'package.oneYear' : 'package.twoYears') });
  await press(radio);
  await expect(radio).toBeChecked();
}

/** The package step: waits for the tier, checks the step, selects it (§2). */
export async function packageStep(flow: Flow, selectButtonId: string): Promise<void> {
  const select = packageButton(flow.page, selectButtonId);
  await expect(select).toBeVisible();
  await flow.check('package choice');
  await flow.press(select);
}

/** Terms step: the list with its Continue button (§2). */
export async function acceptTerms(flow: Flow): Promise<void> {
  await expect(flow.page.getByRole('heading', { name: flow.L.t('steps.terms') })).toBeVisible();
  const next = flow.page.getByRole('button', { name: flow.L.continue });
  await expect(next).toBeVisible();
  await flow.check('terms');
  await flow.press(next);
}

/** Waits for the card frames of the payment step (cross-origin, from the sandbox) and an enabled pay button. */
export async function cardFieldsReady({ page, L }: Flow): Promise<void> {
  await expect(cardFrame(page, 'number').getByLabel(L.cardNumber)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: L.pay })).toBeEnabled({ timeout: 20_000 });
}

/** The pay button naming the amount due (`payment.pay`). */
export function payButton({ page, L }: Flow, amount: number, currency: string) {
  return page.getByRole('button', { name: L.t('payment.pay', { amount: L.money(amount, currency) }), exact: true });
}

export async function fillBillingAddress({ page, L }: Flow, address: BillingAddress = US_BILLING): Promise<void> {
  await page.getByLabel(L.streetAddress, { exact: true }).fill(address.streetAddress);
  if (address.extendedAddress !== undefined)
    await page.getByLabel(L.t('payment.addressLine2'), { exact: true }).fill(address.extendedAddress);
  await page.getByLabel(L.t(address.cityLabel), { exact: true }).fill(address.city);
  if (address.region) await fillOrSelect(page, L.t(address.regionLabel), address.region);
  await page.getByLabel(L.t(address.postalLabel), { exact: true }).fill(address.postalCode);
}

/** The body of join-api's `POST /api/v1/orders` 201 (the fields the specs check). */
export interface OrderAnswer {
  orderId: string;
  purchaseFlow: 'purchase' | 'upgrade';
  /** The term bought (ISO 8601): it ends on the same calendar date 1 or 2 years later (spec §3 subDurationInYears). */
  subscription: { startsAt: string; expiresAt: string };
  receipt: {
    amount: number;
    currencyCode: string;
    discountAmount: number;
    vatAmount?: number;
    /** What paid, as the receipt names it (`@ofw/api-client` `PaymentMethodSummary`). */
    paymentMethod?: { type: string } & Record<string, unknown>;
  };
}

const isOrderPost = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders';

/**
 * Starts waiting for join-api's answer to the next order the page sends; the promise fails unless it was paid (201).
 * The wait covers tokenizing, any 3D Secure challenge or wallet window worked through meanwhile, and the charge: on
 * a loaded 2-core runner that is well over 30 s, so it uses most of the test's 90 s budget.
 */
export function nextOrderAnswer(page: Page): Promise<OrderAnswer> {
  return page
    .waitForResponse((r) => isOrderPost(r.request()), { timeout: 75_000 })
    .then(async (res) => {
      expect(res.status(), 'POST /api/v1/orders answers 201').toBe(201);
      return (await res.json()) as OrderAnswer;
    });
}

/**
 * Clicks the pay button and waits for join-api's answer to the order it sends (3D Secure, if any, is handled by
 * `during`, which runs after the click). Fails unless the order was paid (201).
 */
export async function payAndWaitForOrder(flow: Flow, during?: () => Promise<void>): Promise<OrderAnswer> {
  const answer = nextOrderAnswer(flow.page);
  await flow.press(flow.page.getByRole('button', { name: flow.L.pay }));
  if (during) await during();
  return answer;
}

/**
 * The payment step with a card that pays (`flow.card`): waits for the card frames, checks the pay button names
 * `amount`, types the card and (unless `address` is null, e.g. an upgrade that already has one) the billing address, checks the
 * step and pays.
 */
export async function payByCard(
  flow: Flow,
  amount: { total: number; currency: string },
  address: BillingAddress | null = US_BILLING,
): Promise<OrderAnswer> {
  await cardFieldsReady(flow);
  await expect(payButton(flow, amount.total, amount.currency)).toBeVisible();
  await fillCard(flow, flow.card);
  if (address) await fillBillingAddress(flow, address);
  await flow.check('payment');
  return payAndWaitForOrder(flow);
}

/**
 * The step after paying shows a confirmation a parent can keep (docs/RECEIPTS.md): the amount paid as the Pay
 * button showed it (and, for GBP, the VAT it includes), the card's brand and last four, the order number and the
 * address the receipt was e-mailed to — read in the page's language from join-web's catalogue; then the step's checks
 * (axe) run over it.
 */
export async function expectPaymentConfirmation(
  flow: Flow,
  order: OrderAnswer,
  expected: { email: string; amount: number; currency: string; vat?: number },
): Promise<void> {
  const { page, L } = flow;
  const confirmation = page.getByRole('region', { name: L.t('confirmation.heading') });
  await expect(confirmation).toBeVisible({ timeout: 20_000 });
  await expect(confirmation).toContainText(L.money(expected.amount, expected.currency));
  if (expected.vat !== undefined)
    await expect(confirmation).toContainText(
      L.t('confirmation.vat', { vat: L.money(expected.vat, expected.currency) }),
    );
  else await expect(confirmation).not.toContainText(L.t('confirmation.vat', { vat: '¤' }).split('¤')[0]!.trim());
  await expect(confirmation).toContainText(
    L.t('confirmation.card', { brand: 'Visa', last4: flow.card.number.slice(-4) }),
  );
  await expect(confirmation).toContainText(order.orderId);
  await expect(confirmation).toContainText(L.t('confirmation.receiptSent', { email: expected.email }));
}

/** Username, password and (unless skipped) three different security questions with answers. */
export async function fillCredentialsAndSecurityQuestions(
  { page, L }: Flow,
  parent: Parent,
  opts: { securityQuestions?: boolean } = {},
): Promise<void> {
  await page.getByLabel(L.username).fill(parent.username);
  await page.getByLabel(L.password, { exact: true }).fill(parent.password);
  if (opts.securityQuestions === false) {
    await expect(page.getByLabel(L.securityQuestion(1))).toHaveCount(0);
    return;
  }
  for (const n of [1, 2, 3]) {
    const select = page.getByLabel(L.securityQuestion(n));
    // The question list arrives from GET /security-questions: wait for it (a loaded runner answers late).
    await expect(select.locator('option[value]:not([value=""])').first()).toBeAttached({ timeout: 15_000 });
    // Each select offers the whole list; pick a different question for each (option 0 may be a placeholder).
    const values = await select
      .locator('option')
      .evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => o.value).filter((v) => v !== ''));
    await select.selectOption(values[n - 1] ?? values[0]!);
    await page.getByLabel(L.answer(n)).fill(`answer number ${n}`);
  }
}

/**
 * The last step: credentials (+ security questions unless skipped), Finish, and the §4 completion redirect to the
 * main app's home page, which names the parent (and, with `subscription`, an active subscription).
 */
export async function finishJoin(
  flow: Flow,
  parent: Parent,
  opts: { securityQuestions?: boolean; subscription?: boolean } = {},
): Promise<void> {
  const { page, L } = flow;
  await expect(page.getByLabel(L.username)).toBeVisible({ timeout: 20_000 });
  await fillCredentialsAndSecurityQuestions(flow, parent, opts);
  await flow.check('credentials');
  await flow.press(page.getByRole('button', { name: L.finish }));
  await page.waitForURL('**/ofw/home.form', { timeout: 20_000 });
  await expect(page.getByText(`${parent.firstName} ${parent.lastName}`)).toBeVisible();
  if (opts.subscription !== false) await expect(page.getByText(/active subscription/i)).toBeVisible();
}

/**
 * A regular join up to the payment step: details (+1, US), the package whose select button has `selectButtonId`,
 * terms; waits for the card frames.
 */
export async function regularJoinToPayment(flow: Flow, parent: Parent, selectButtonId: string): Promise<void> {
  await openJoin(flow);
  await detailsStep(flow, parent);
  await packageStep(flow, selectButtonId);
  await acceptTerms(flow);
  await cardFieldsReady(flow);
}

/** The bank's 3D Secure challenge page, inside @ofw/payments' challenge dialog. */
export function challengeFrame(page: Page) {
  return page.getByRole('dialog').frameLocator('iframe');
}

/** Records the orders the page sends (`POST /api/v1/orders`), to prove a flow sent none. */
export function watchOrders(page: Page): Request[] {
  const orders: Request[] = [];
  page.on('request', (r) => {
    if (isOrderPost(r)) orders.push(r);
  });
  return orders;
}

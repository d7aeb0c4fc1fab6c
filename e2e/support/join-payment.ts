/** The payment step of a join: the card frames and billing address, the order join-api answers, the confirmation. */
import { expect, type Page, type Request } from '@playwright/test';
import { US_BILLING, type BillingAddress } from './labels';
import { fillOrSelect, type Card, type Flow } from './join-flow';

/** The hosted card fields live in cross-origin frames served by the payment provider (the sandbox). */
export function cardFrame(page: Page, field: 'number' | 'expirationDate' | 'cvv') {
  return page.frameLocator(`iframe[name="braintree-hosted-field-${field}"]`);
}
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

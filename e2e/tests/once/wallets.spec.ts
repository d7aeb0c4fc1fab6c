import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import {
  fillBillingAddress,
  finishJoin,
  newParent,
  nextOrderAnswer,
  regularJoinToPayment,
  watchOrders,
} from '../../support/join';
import { expectChargedOnce, expectNothingCharged } from '../../support/money';
import { servedTier } from '../../support/packages';

/**
 * Clicks a button of the sandbox's PayPal window that closes the window. The close can win the race with the end of
 * Playwright's click, which then reports the target closed: that is the outcome the test wants, not a failure.
 */
async function clickClosingWindow(window: Page, name: string): Promise<void> {
  await window
    .getByRole('button', { name })
    .click()
    .catch((error: unknown) => {
      if (!window.isClosed()) throw error;
    });
}

// PayPal in the payments sandbox (docs/PAYMENTS.md "Wallets: Venmo and PayPal approve or cancel in a popup"): the
// button opens the sandbox's PayPal window inside the click, which approves or cancels.
test.describe('PayPal (§4 "Other wallet flows", §5 visibility: shown for USD)', () => {
  test('approved in its window, PayPal pays the order at the server price and the join finishes', async ({
    flow,
    request,
  }) => {
    const { page, L } = flow;
    const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
    const parent = newParent('paypal-ok');
    await regularJoinToPayment(flow, parent, premium.selectButtonId);
    await fillBillingAddress(flow);
    const wallets = page.getByRole('group', { name: L.t('payment.wallets') });
    const payPal = wallets.getByRole('button', { name: L.t('payment.payPal') });
    await expect(payPal).toBeVisible();
    await flow.check('payment with wallets');

    const popup = page.waitForEvent('popup');
    const answer = nextOrderAnswer(page);
    await flow.press(payPal);
    const window = await popup;
    await clickClosingWindow(window, 'Approve');
    const order = await answer;
    await expectChargedOnce(flow, request, {
      email: parent.email,
      orderId: order.orderId,
      amount: 216,
      currency: 'USD',
    });
    // The order's answer (and the receipt e-mail) names the wallet: the PayPal payer's e-mail, not a card (docs/CONTRACTS.md
    // "HTTP API": nothing more of the account is kept) — and so does the confirmation the step after paying shows
    expect(order.receipt.paymentMethod).toEqual({ type: 'paypal', payerEmail: 'jane.doe@example.com' });
    const confirmation = page.getByRole('region', { name: L.t('confirmation.heading') });
    await expect(confirmation).toContainText(
      L.t('confirmation.wallet', { wallet: 'PayPal', account: 'jane.doe@example.com' }),
    );
    await finishJoin(flow, parent);
  });

  test('cancelled in its window, nothing is sent or charged and the parent stays on the payment step', async ({
    flow,
    request,
  }) => {
    const { page, L } = flow;
    const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
    const parent = newParent('paypal-cancel');
    await regularJoinToPayment(flow, parent, premium.selectButtonId);
    await fillBillingAddress(flow);
    const orders = watchOrders(page);
    const popup = page.waitForEvent('popup');
    await flow.press(page.getByRole('button', { name: L.t('payment.payPal') }));
    const window = await popup;
    const closed = window.waitForEvent('close');
    await clickClosingWindow(window, 'Cancel');
    await closed; // the sandbox's window closes itself after telling the page
    // Back on the payment step: the pay button can be used again, no banner (a cancel is not an error), no order.
    await expect(page.getByRole('button', { name: L.pay })).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(orders).toHaveLength(0);
    await expectNothingCharged(flow, request, parent);
  });
});

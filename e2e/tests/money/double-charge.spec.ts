import { expect, test } from '../../support/fixtures';
import { newParent, payByCard, regularJoinToPayment } from '../../support/join';
import {
  addSandboxFault,
  assertCharges,
  expectChargedOnce,
  transactionsOf,
  type ExpectedCharge,
} from '../../support/money';
import { servedTier } from '../../support/packages';

/*
 * The money check proves itself (docs/PAYMENTS.md "Shown = charged"): in every project — both payment drivers, every
 * locale and width — the sandbox is made to charge a parent's order twice (fault control `duplicateSale`,
 * payments-sandbox README "Fault control"), join-api sees one sale, and the check every paying spec runs
 * (support/money.ts) must fail on that order. A check that passed here would pass a double charge everywhere.
 */
test(
  'a join the payment provider charged twice fails the money check (spec §9 Premium, 1 year, $216.00)',
  { tag: '@braintree' },
  async ({ flow, request }) => {
    const premium = await servedTier(request, 'USD', 'PREMIUM', 1);
    const parent = newParent('double');
    await addSandboxFault(request, { duplicateSale: true, match: { customerEmail: parent.email } });
    await regularJoinToPayment(flow, parent, premium.selectButtonId);
    const order = await payByCard(flow, { total: 216, currency: 'USD' });
    // join-api saw one sale and answered with it
    expect(order.receipt).toMatchObject({ amount: 216, currencyCode: 'USD' });

    const charge: ExpectedCharge = { orderId: order.orderId, amount: 216, currency: 'USD' };
    const transactions = await transactionsOf(request, { email: parent.email, orderIds: [order.orderId] });
    // the check fails on exactly the doubling: the same listing passes when two charges of the order are expected
    expect(() => assertCharges(transactions, [charge], flow.paymentsDriver)).toThrow(/approved sales/);
    expect(() => assertCharges(transactions, [charge, charge], flow.paymentsDriver)).not.toThrow();
    await expect(
      expectChargedOnce(flow, request, { email: parent.email, ...charge }),
      'the money check every paying spec runs',
    ).rejects.toThrow(/approved sales/);
  },
);

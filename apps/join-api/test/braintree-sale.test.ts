import { describe, expect, it } from 'vitest';
import { fakeSdk, gateway, req } from './fake-braintree-sdk.js';

/*
 * What the braintree driver sends for a sale (docs/PAYMENTS.md "3D Secure policy", "Wallets"; Braintree "Vault",
 * "Recurring transactions"), over the strict fake SDK of fake-braintree-sdk.ts.
 */
describe('braintree driver (strict in-process fake of the SDK)', () => {
  it('sells a 3DS-authenticated card nonce directly, in the currency’s merchant account, with threeDSecure.required, orderId and the customer email; nothing vaulted', async () => {
    const { sdk, calls } = fakeSdk();
    const r = await gateway(sdk).charge(req({ currencyCode: 'GBP', amount: '155.99' }));
    expect(r).toMatchObject({ outcome: 'approved', paymentMethod: { type: 'card', brand: 'Visa', last4: '1111' } });
    expect(calls.sale[0]).toMatchObject({
      amount: '155.99',
      orderId: 'ord_1',
      merchantAccountId: 'ofw_gbp',
      paymentMethodNonce: 'tokencc_3ds_ok',
      customer: { email: 'a@b.example' },
      options: { submitForSettlement: true, threeDSecure: { required: true } },
    });
    expect(calls.sale[0]).not.toHaveProperty('paymentMethodToken');
    expect(calls.sale[0]).not.toHaveProperty('options.storeInVaultOnSuccess');
  });

  it('Braintree Vault: a sale asked to save its method sends storeInVaultOnSuccess and answers the token and customer it was filed under', async () => {
    const { sdk, calls } = fakeSdk();
    const r = await gateway(sdk).charge(req({ vault: { customerId: null } }));
    expect(calls.sale[0]).toMatchObject({
      options: { storeInVaultOnSuccess: true },
      customer: { email: 'a@b.example' },
    });
    expect(r).toMatchObject({ outcome: 'approved', vaulted: { customerId: 'cust_1', token: 'tok_1' } });
    // a parent who has a vault customer already: the method is filed under it, the customer is not made again
    const second = fakeSdk();
    await gateway(second.sdk).charge(req({ vault: { customerId: 'cust_1' } }));
    expect(second.calls.sale[0]).toMatchObject({ customerId: 'cust_1', options: { storeInVaultOnSuccess: true } });
    expect(second.calls.sale[0]).not.toHaveProperty('customer');
  });

  it('Braintree recurring transactions: a renewal sells the saved token with transactionSource recurring, no nonce and no 3DS', async () => {
    const { sdk, calls } = fakeSdk();
    const r = await gateway(sdk).chargeVaulted({
      orderId: 'ord_r1',
      amount: '216.00',
      currencyCode: 'USD',
      paymentMethodToken: 'tok_9',
      customer: { firstName: 'A', lastName: 'B', email: 'a@b.example' },
    });
    expect(r).toMatchObject({ outcome: 'approved', paymentMethod: { type: 'card', last4: '1111' } });
    expect(calls.sale[0]).toMatchObject({
      paymentMethodToken: 'tok_9',
      transactionSource: 'recurring',
      merchantAccountId: 'ofw_usd',
      options: { submitForSettlement: true },
    });
    expect(calls.sale[0]).not.toHaveProperty('paymentMethodNonce');
    expect(calls.sale[0]).not.toHaveProperty('options.threeDSecure');
  });

  it('passes the billing address to the sale as Braintree takes it (transaction `billing`): address line 2 as extendedAddress, no region when the country needs none', async () => {
    const { sdk, calls } = fakeSdk();
    const billingAddress = {
      streetAddress: '1 High St',
      extendedAddress: 'Flat 2',
      locality: 'London',
      postalCode: 'SW1A 1AA',
      countryCodeAlpha2: 'GB',
    };
    await gateway(sdk).charge(req({ currencyCode: 'GBP', amount: '155.99', billingAddress }));
    expect(calls.sale[0]).toMatchObject({ billing: { ...billingAddress, firstName: 'A', lastName: 'B' } });
    expect(calls.sale[0]!.billing).not.toHaveProperty('region');
  });

  it('§5 3D Secure: a card nonce without 3DS, or whose authentication failed, is refused before any charge', async () => {
    for (const nonce of ['tokencc_no_3ds', 'tokencc_3ds_failed']) {
      const { sdk, calls } = fakeSdk();
      expect(await gateway(sdk).charge(req({ paymentMethodNonce: nonce }))).toMatchObject({
        outcome: 'gateway_rejected',
        gatewayRejectionReason: 'three_d_secure',
      });
      expect(calls.sale).toHaveLength(0);
    }
  });

  it('wallet nonces (PayPal one-time, Venmo) are sold directly without threeDSecure.required and are never vaulted', async () => {
    const { sdk, calls } = fakeSdk();
    const g = gateway(sdk);
    expect(await g.charge(req({ paymentMethodNonce: 'tokenpp_paypal', orderId: 'o-pp' }))).toMatchObject({
      outcome: 'approved',
    });
    expect(await g.charge(req({ paymentMethodNonce: 'tokenvm_venmo', orderId: 'o-vm' }))).toMatchObject({
      outcome: 'approved',
    });
    for (const sale of calls.sale) {
      expect(sale).toMatchObject({ options: { submitForSettlement: true } });
      expect(sale).not.toHaveProperty('options.threeDSecure');
      expect(sale).not.toHaveProperty('options.storeInVaultOnSuccess');
    }
  });
});

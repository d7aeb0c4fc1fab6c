/**
 * Braintree's payment method nonces through the gateway API (the real braintree SDK against the sandbox): single use,
 * test nonces, paymentMethodNonce.find/create, what may be vaulted, the wallet popups' nonces.
 */
import { describe, expect, it } from 'vitest';
import { cardNonce, codes, gateway, sandbox, useGatewaySandbox } from './gateway-sdk.js';

useGatewaySandbox();

describe('Braintree gateway API (real braintree SDK 3.40 against the sandbox)', () => {
  it('Braintree rule: a nonce is single-use — 91564 on reuse, also after customer.create vaulted it', async () => {
    const nonce = await cardNonce();
    const first = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce });
    expect(first.success).toBe(true);
    const again = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce });
    expect(again.success).toBe(false);
    expect(again.errors.for('transaction')?.on('paymentMethodNonce')?.[0]?.code).toBe('91564');
    expect(again.message).toBe('Cannot use a payment_method_nonce more than once.');

    const vaulted = await cardNonce();
    const customer = await gateway.customer.create({ email: 'v@example.com', paymentMethodNonce: vaulted });
    expect(customer.success).toBe(true);
    expect(customer.customer.creditCards?.[0]).toMatchObject({ last4: '1111', cardType: 'Visa' });
    expect((await gateway.paymentMethodNonce.find(vaulted)).consumed).toBe(true);
    const afterVault = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: vaulted });
    expect(codes(afterVault)).toEqual(['91564']);
  });

  it('Braintree rule: an unknown nonce on a sale is 91565; paymentMethodNonce.find of it is NotFound', async () => {
    const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'tokencc_sb_unknown' });
    expect(codes(result)).toEqual(['91565']);
    await expect(gateway.paymentMethodNonce.find('tokencc_sb_unknown')).rejects.toMatchObject({
      type: 'notFoundError',
    });
  });

  it('Braintree rule: fake-… test nonces stay reusable', async () => {
    for (let i = 0; i < 2; i += 1) {
      const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-visa-nonce' });
      expect(result.success).toBe(true);
    }
  });

  it('paymentMethodNonce.find describes a card nonce (type, details, binData) and a 3DS nonce’s threeDSecureInfo', async () => {
    const nonce = await cardNonce();
    const found = await gateway.paymentMethodNonce.find(nonce);
    expect(found).toMatchObject({
      type: 'CreditCard',
      consumed: false,
      details: { bin: '411111', lastFour: '1111', cardType: 'Visa' },
    });
    expect(found.binData).toHaveProperty('prepaid');
    const threeDS = await gateway.paymentMethodNonce.find('fake-three-d-secure-visa-full-authentication-nonce');
    expect(threeDS.threeDSecureInfo).toMatchObject({
      liabilityShifted: true,
      liabilityShiftPossible: true,
      status: 'authenticate_successful',
    });
  });

  it('paymentMethodNonce.create gives a single-use nonce for a vaulted token', async () => {
    const customer = await gateway.customer.create({ paymentMethodNonce: 'fake-valid-nonce' });
    const token = customer.customer.paymentMethods?.[0]?.token ?? '';
    const created = await gateway.paymentMethodNonce.create(token);
    expect(created.success).toBe(true);
    const nonce = created.paymentMethodNonce.nonce;
    expect((await gateway.transaction.sale({ amount: '5.00', paymentMethodNonce: nonce })).success).toBe(true);
    expect(codes(await gateway.transaction.sale({ amount: '5.00', paymentMethodNonce: nonce }))).toEqual(['91564']);
    const byToken = await gateway.transaction.sale({ amount: '5.00', paymentMethodToken: token });
    expect(byToken.transaction.creditCard.token).toBe(token);
    await expect(gateway.paymentMethodNonce.create('nope')).rejects.toMatchObject({ type: 'notFoundError' });
  });

  it('Braintree rule: a one-time PayPal nonce cannot be vaulted — 82902 on customer.create and on storeInVaultOnSuccess', async () => {
    const customer = await gateway.customer.create({ paymentMethodNonce: 'fake-paypal-one-time-nonce' });
    expect(customer.success).toBe(false);
    expect(customer.errors.for('customer')?.for('paypalAccount')?.on('base')?.[0]?.code).toBe('82902');
    const sale = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-paypal-one-time-nonce',
      options: { storeInVaultOnSuccess: true },
    });
    expect(codes(sale)).toEqual(['82902']);
    const oneTime = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-paypal-one-time-nonce',
    });
    expect(oneTime.transaction.paymentInstrumentType).toBe('paypal_account');
    // braintree_node transaction.js: `paypalAccount = new PayPalAccount(attributes.paypal)`
    expect(oneTime.transaction.paypalAccount).toMatchObject({ payerEmail: 'jane.doe@example.com' });
    const applePay = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-apple-pay-visa-nonce',
    });
    expect(applePay.transaction.paymentInstrumentType).toBe('apple_pay_card');
    // braintree_node transaction.js: `applePayCard = new ApplePayCard(attributes.applePay)`
    expect(applePay.transaction.applePayCard).toMatchObject({ cardType: 'Apple Pay - Visa', last4: '1881' });
    const billingAgreement = await gateway.customer.create({
      paymentMethodNonce: 'fake-paypal-billing-agreement-nonce',
    });
    expect(billingAgreement.success).toBe(true);
    expect(billingAgreement.customer.paypalAccounts).toHaveLength(1);
    const venmo = await gateway.customer.create({ paymentMethodNonce: 'fake-venmo-account-nonce' });
    expect(venmo.customer.venmoAccounts?.[0]).toMatchObject({ username: 'venmojoe' });
  });

  it('Braintree rule: customer.create with verifyCard does not vault a declined card and uses the nonce up', async () => {
    const nonce = await cardNonce('4000111111111115');
    const result = await gateway.customer.create({
      paymentMethodNonce: nonce,
      creditCard: { options: { verifyCard: true } },
    });
    expect(result.success).toBe(false);
    expect(result.verification?.status).toBe('processor_declined');
    expect(codes(await gateway.transaction.sale({ amount: '1.00', paymentMethodNonce: nonce }))).toEqual(['91564']);
  });
});

describe('wallet popup nonces through the gateway API', () => {
  const approve = async (wallet: string, usage?: string) => {
    const query = usage ? `?usage=${usage}` : '';
    const response = await fetch(`${sandbox.url}/v1/wallets/${wallet}/approve${query}`, { method: 'POST' });
    return ((await response.json()) as { nonce: string }).nonce;
  };

  it('Braintree rule: a PayPal popup nonce is one-time (82902 on vaulting) unless created with flow vault', async () => {
    const oneTime = await gateway.customer.create({ paymentMethodNonce: await approve('paypal') });
    expect(codes(oneTime)).toEqual(['82902']);
    const vault = await gateway.customer.create({ paymentMethodNonce: await approve('paypal', 'vault') });
    expect(vault.success).toBe(true);
  });

  it('Braintree rule: a Venmo single_use nonce cannot be vaulted; it can still be charged once', async () => {
    const nonce = await approve('venmo', 'single_use');
    const vaulted = await gateway.customer.create({ paymentMethodNonce: nonce });
    expect(vaulted.success).toBe(false);
    expect(vaulted.errors.for('customer')?.for('venmoAccount')?.on('base')?.[0]?.code).toBe('sandbox_venmo_single_use');
    const sale = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce });
    expect(sale.transaction.paymentInstrumentType).toBe('venmo_account');
    // braintree_node transaction.js: the <venmo-account> element (Braintree's username has no @)
    expect(sale.transaction.venmoAccount).toMatchObject({ username: 'venmojoe' });
    expect(sale.transaction.venmoAccountDetails).toMatchObject({ username: 'venmojoe' });
    expect(codes(await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce }))).toEqual(['91564']);
  });
});

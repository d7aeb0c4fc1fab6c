/**
 * Braintree's gateway API (the real braintree SDK against the sandbox): who may call it and for which merchant
 * account — HTTP Basic auth, the API version, client tokens, the account's currency, billing address validation.
 */
import { describe, expect, it } from 'vitest';
import { codes, gateway, gatewayWith, type Result, sandbox, useGatewaySandbox } from './gateway-sdk.js';

useGatewaySandbox();

describe('Braintree gateway API (real braintree SDK 3.40 against the sandbox)', () => {
  it('Braintree rule: HTTP Basic auth on every call — a wrong private key is an AuthenticationError, so is an unknown merchant', async () => {
    await expect(gatewayWith('wrong').transaction.find('x')).rejects.toMatchObject({ type: 'authenticationError' });
    await expect(gatewayWith('sandbox_private_key', 'nope').clientToken.generate({})).rejects.toMatchObject({
      type: 'authenticationError',
    });
  });

  it('Braintree rule: X-ApiVersion is required (426 → UpgradeRequired without it)', async () => {
    const auth = Buffer.from('sandbox_public_key:sandbox_private_key').toString('base64');
    const response = await fetch(`${sandbox.url}/merchants/ofw_sandbox/transactions/x`, {
      headers: { authorization: `Basic ${auth}` },
    });
    expect(response.status).toBe(426);
  });

  it('clientToken.generate issues a sandbox client token recording the merchant account; an unknown account is 92807', async () => {
    const result = await gateway.clientToken.generate({ merchantAccountId: 'ofw_gbp' });
    expect(result.success).toBe(true);
    const token = JSON.parse(Buffer.from(result.clientToken, 'base64').toString('utf8')) as Record<string, string>;
    expect(token).toMatchObject({ merchantId: 'ofw_sandbox', merchantAccountId: 'ofw_gbp' });
    expect(sandbox.store.clientTokens.kindOf(result.clientToken)).toBe('clientToken');
    const bad = await gateway.clientToken.generate({ merchantAccountId: 'ofw_eur' });
    expect(bad.success).toBe(false);
    expect(codes(bad)).toEqual(['92807']);
  });

  it('Braintree rule: the currency is the merchant account’s — a sale in ofw_gbp is GBP; default account ofw_usd', async () => {
    const gbp = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-valid-nonce',
      merchantAccountId: 'ofw_gbp',
    });
    expect(gbp.success).toBe(true);
    expect(gbp.transaction).toMatchObject({
      currencyIsoCode: 'GBP',
      merchantAccountId: 'ofw_gbp',
      status: 'authorized',
    });
    const usd = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce' });
    expect(usd.transaction).toMatchObject({ currencyIsoCode: 'USD', merchantAccountId: 'ofw_usd' });
  });

  it('Braintree rule (Validation errors, Address): billing fields are optional — a GB sale with address line 2 (extendedAddress) and no region is sold and keeps them', async () => {
    const result = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-valid-nonce',
      merchantAccountId: 'ofw_gbp',
      billing: {
        streetAddress: '1 High St',
        extendedAddress: 'Flat 2',
        locality: 'London',
        postalCode: 'SW1A 1AA',
        countryCodeAlpha2: 'GB',
      },
    });
    expect(result.success).toBe(true);
    const billing = (result.transaction as unknown as { billing: Record<string, unknown> }).billing;
    expect(billing).toMatchObject({ streetAddress: '1 High St', extendedAddress: 'Flat 2', postalCode: 'SW1A 1AA' });
    expect(billing.region ?? null).toBeNull();
  });

  it('Braintree rule (Validation errors, Address): 81804 extended address over 255, 81813 postal code characters, 81809 more than 9 letters or digits — nothing charged', async () => {
    const sale = (billing: object) =>
      gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce', billing });
    const onBilling = (r: Result, field: string) =>
      r.errors
        .for('transaction')
        ?.for('billing')
        ?.on(field)
        ?.map((e) => e.code);
    const long = await sale({ streetAddress: '1 Main St', extendedAddress: 'x'.repeat(256) });
    expect(long.success).toBe(false);
    expect(onBilling(long, 'extendedAddress')).toEqual(['81804']);
    expect(onBilling(await sale({ postalCode: 'SW1A 1AA!' }), 'postalCode')).toEqual(['81813']);
    expect(onBilling(await sale({ postalCode: '12345-67890' }), 'postalCode')).toEqual(['81809']);
    expect((await sale({ postalCode: '12345-6789', extendedAddress: 'x'.repeat(255) })).success).toBe(true);
  });

  it('Braintree rule: an unknown merchantAccountId is validation error 91513', async () => {
    const result = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-valid-nonce',
      merchantAccountId: 'ofw_eur',
    });
    expect(result.success).toBe(false);
    expect(result.errors.for('transaction')?.on('merchantAccountId')?.[0]?.code).toBe('91513');
  });
});

import { describe, expect, it } from 'vitest';
import { loadEnv, EnvError } from '../src/env.js';
import { ACCOUNTS, fakeSdk, gateway } from './fake-braintree-sdk.js';

/*
 * The braintree driver's settings (README "Environment"): its start-up checks and the client token of each
 * currency's merchant account, over the strict fake SDK of fake-braintree-sdk.ts.
 */
describe('braintree driver (strict in-process fake of the SDK)', () => {
  it('the client token is issued for the merchant account of the currency (3DS runs in it)', async () => {
    const { sdk } = fakeSdk();
    const token = await gateway(sdk).clientAuthorization('NZD');
    expect(JSON.parse(Buffer.from(token, 'base64').toString())).toEqual({ merchantAccountId: 'ofw_nzd' });
  });

  it('docs/PAYMENTS.md "Production fails closed": PAYMENTS_DRIVER=braintree without its settings fails at start-up naming each missing one', () => {
    expect(() => loadEnv({ PAYMENTS_DRIVER: 'braintree', BRAINTREE_MERCHANT_ID: 'm' })).toThrow(EnvError);
    expect(() => loadEnv({ PAYMENTS_DRIVER: 'braintree' })).toThrow(
      /BRAINTREE_PRIVATE_KEY is required when PAYMENTS_DRIVER=braintree[\s\S]*BRAINTREE_MERCHANT_ACCOUNTS is required|BRAINTREE_MERCHANT_ACCOUNTS is required[\s\S]*BRAINTREE_PRIVATE_KEY is required when PAYMENTS_DRIVER=braintree/,
    );
    expect(loadEnv({}).PAYMENTS_DRIVER).toBe('sandbox');
    expect(loadEnv({ DATA_DIR: 'memory://' }).DATA_DIR).toBe('memory://'); // PGlite in memory, not a folder
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('BRAINTREE_MERCHANT_ACCOUNTS: one merchant account per catalogue currency, validated at start-up', () => {
    const base = {
      PAYMENTS_DRIVER: 'braintree',
      BRAINTREE_ENVIRONMENT: 'Development',
      BRAINTREE_MERCHANT_ID: 'ofw_sandbox',
      BRAINTREE_PUBLIC_KEY: 'k',
      BRAINTREE_PRIVATE_KEY: 'p',
    };
    const env = loadEnv({
      ...base,
      BRAINTREE_MERCHANT_ACCOUNTS: 'USD:ofw_usd, GBP:ofw_gbp,CAD:ofw_cad,AUD:ofw_aud,NZD:ofw_nzd',
    });
    expect(env.BRAINTREE_MERCHANT_ACCOUNTS).toEqual(ACCOUNTS);
    expect(() => loadEnv({ ...base, BRAINTREE_MERCHANT_ACCOUNTS: 'USD:ofw_usd' })).toThrow(
      /no merchant account for GBP, CAD, AUD, NZD/,
    );
    expect(() => loadEnv({ ...base, BRAINTREE_MERCHANT_ACCOUNTS: 'USD:a,USD:b,GBP:c,CAD:d,AUD:e,NZD:f' })).toThrow(
      /USD is listed twice/,
    );
    expect(() => loadEnv({ ...base, BRAINTREE_MERCHANT_ACCOUNTS: 'EUR:x,USD:a,GBP:c,CAD:d,AUD:e,NZD:f' })).toThrow(
      /EUR is not a currency/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { parseAuthorization } from '../src/index.js';

describe('parseAuthorization', () => {
  it('§5 a tokenization key: environment first, merchant id after the second "_" (underscores kept)', () => {
    expect(parseAuthorization('sandbox_0123456789abcdef_ofw_sandbox')).toEqual({
      kind: 'tokenizationKey',
      value: 'sandbox_0123456789abcdef_ofw_sandbox',
      environment: 'sandbox',
      merchantId: 'ofw_sandbox',
    });
    expect(parseAuthorization('production_abc123_merchant1')).toMatchObject({
      environment: 'production',
      merchantId: 'merchant1',
    });
  });

  it('§5 a client token: its fingerprint, configUrl and environment', () => {
    const token = btoa(
      JSON.stringify({ authorizationFingerprint: 'fp', configUrl: 'http://x/config', environment: 'sandbox' }),
    );
    expect(parseAuthorization(token)).toEqual({
      kind: 'clientToken',
      value: token,
      authorizationFingerprint: 'fp',
      configUrl: 'http://x/config',
      environment: 'sandbox',
    });
  });

  it('§8 neither format is CLIENT_INVALID_AUTHORIZATION; empty is CLIENT_OPTION_REQUIRED', () => {
    expect(() => parseAuthorization('sandbox_only-two')).toThrow(
      expect.objectContaining({ code: 'CLIENT_INVALID_AUTHORIZATION' }),
    );
    expect(() => parseAuthorization('')).toThrow(expect.objectContaining({ code: 'CLIENT_OPTION_REQUIRED' }));
  });
});

import { describe, expect, it } from 'vitest';
import { readEnv } from '../src/env.js';

// docs/PAYMENTS.md: the bank's challenge page is served from its own origin — its own port on 127.0.0.1.
describe('SANDBOX_ACS_PORT, the bank’s port', () => {
  it('defaults to SANDBOX_PORT + 1, and to any free port (0) when SANDBOX_PORT is 0', () => {
    expect(readEnv({}).SANDBOX_ACS_PORT).toBe(3011);
    expect(readEnv({ SANDBOX_PORT: '3110' }).SANDBOX_ACS_PORT).toBe(3111);
    expect(readEnv({ SANDBOX_PORT: '0' }).SANDBOX_ACS_PORT).toBe(0);
    expect(readEnv({ SANDBOX_ACS_PORT: '4000' }).SANDBOX_ACS_PORT).toBe(4000);
  });

  it('refuses a port that is no port or the sandbox’s own (one origin would serve both)', () => {
    expect(() => readEnv({ SANDBOX_ACS_PORT: 'x' })).toThrow(/SANDBOX_ACS_PORT/);
    expect(() => readEnv({ SANDBOX_ACS_PORT: '70000' })).toThrow(/SANDBOX_ACS_PORT/);
    expect(() => readEnv({ SANDBOX_PORT: '4000', SANDBOX_ACS_PORT: '4000' })).toThrow(/must differ from SANDBOX_PORT/);
    expect(() => readEnv({ SANDBOX_PORT: '65535' })).toThrow(/SANDBOX_ACS_PORT/);
  });
});

// Braintree posts each notification to every destination URL configured for the merchant ("Webhooks › Create").
describe('SANDBOX_WEBHOOK_URL and SANDBOX_WEBHOOK_RETRY_BASE_MS', () => {
  it('reads comma-separated URLs (none by default) and the first retry delay (1000 ms by default)', () => {
    expect(readEnv({}).SANDBOX_WEBHOOK_URL).toEqual([]);
    expect(readEnv({}).SANDBOX_WEBHOOK_RETRY_BASE_MS).toBe(1000);
    const env = readEnv({
      SANDBOX_WEBHOOK_URL: 'http://localhost:3000/api/v1/webhooks/braintree, http://127.0.0.1:4000/hook',
      SANDBOX_WEBHOOK_RETRY_BASE_MS: '5',
    });
    expect(env.SANDBOX_WEBHOOK_URL).toEqual([
      'http://localhost:3000/api/v1/webhooks/braintree',
      'http://127.0.0.1:4000/hook',
    ]);
    expect(env.SANDBOX_WEBHOOK_RETRY_BASE_MS).toBe(5);
    expect(() => readEnv({ SANDBOX_WEBHOOK_URL: 'not a url' })).toThrow(/SANDBOX_WEBHOOK_URL/);
  });
});

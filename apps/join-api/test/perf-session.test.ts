import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signup, testApp, type TestApp } from './helpers.js';

/**
 * Fewer statements per request: an authenticated request reads its auth token and its parent in one
 * statement (the token joined to its user, accounts.ts `findSessionUser`), not a token look-up and then a user
 * look-up. Counted on Drizzle's `select` builder of the app's database.
 */
describe('the session costs one statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('GET /experiments with a bearer token runs two selects: the session (token + parent) and the experiments', async () => {
    const { authToken } = await signup(t);
    const select = vi.spyOn(t.db, 'select');
    const res = await t.call('experiments', { token: authToken });
    expect(res.status).toBe(200);
    expect(select).toHaveBeenCalledTimes(2);
    select.mockRestore();
  });

  it('a revoked, unknown or missing token still answers 401', async () => {
    const { authToken } = await signup(t, {
      flow: 'join',
      languageLocale: 'en-US',
      address: { country: 'US' },
      parent: {
        firstName: 'Rey',
        lastName: 'Voked',
        email: 'rey.voked@example.com',
        phoneCountryCode: '+1',
        phoneNumber: '2025550199',
        timeZone: 'America/Chicago',
      },
    });
    expect((await t.call('sessions/logout', { method: 'POST', token: authToken })).status).toBe(204);
    for (const token of [authToken, 'not-a-token', undefined])
      expect((await t.call('experiments', token ? { token } : {})).status).toBe(401);
  });
});

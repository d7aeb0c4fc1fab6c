import { parentStateFixture } from '@ofw/test-kit/fixtures';
import { describe, expect, it } from 'vitest';
import {
  CredentialsRequestSchema,
  CredentialsResponseSchema,
  ParentStateSchema,
  contract,
  createApiClient,
} from '../src/index.js';
import { PARENT } from './fixtures.js';

const BASE = 'http://api.test';

/** A fetch that records each call and answers `answer(url)`. */
function recordingFetch(answer: (url: string) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (input: string | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return Promise.resolve(answer(String(input)));
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A parent who paid (terms agreed, billing address given, subscription current) and set their credentials. */
const STATE = parentStateFixture(ParentStateSchema, {
  parent: PARENT,
  agreedToTerms: true,
  billingAddressComplete: true,
  subscriptionStatus: 'current',
  isSubscriptionCurrent: true,
  requireCredentials: false,
});

describe('sessions: @ofw/api-client', () => {
  it('sessions: a browser client (no getAuthToken) sends no Authorization and lets the cookie go same-origin', async () => {
    const { calls, fetch } = recordingFetch(() => json(200, STATE));
    await createApiClient({ fetch }).getParent({ params: { userId: 7 } });
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBeNull();
    expect(calls[0]!.init.credentials).toBe('same-origin');
    await createApiClient({ fetch, credentials: 'include' }).getParent({ params: { userId: 7 } });
    expect(calls[1]!.init.credentials).toBe('include');
  });

  it('sessions: createSignup sends the Idempotency-Key it is given (none without one)', async () => {
    const answer = { signupId: 's-1', registrationKey: 'r-1', authToken: 't-1', userId: 7 };
    const { calls, fetch } = recordingFetch(() => json(201, answer));
    const api = createApiClient({ baseUrl: BASE, fetch });
    const body = {
      flow: 'join' as const,
      languageLocale: 'en-US',
      address: { country: 'US' as const },
      parent: (({ userId: _u, familyId: _f, ...details }) => details)(PARENT),
    };
    // an older server's answer without `emailVerified` parses as unproven (docs/IDENTITY.md)
    expect(await api.createSignup({ body, headers: { 'Idempotency-Key': 'signup-key-123' } })).toEqual({
      ...answer,
      emailVerified: false,
    });
    expect(new Headers(calls[0]!.init.headers).get('idempotency-key')).toBe('signup-key-123');
    await api.createSignup({ body });
    expect(new Headers(calls[1]!.init.headers).get('idempotency-key')).toBeNull();
  });

  it('sessions: logout POSTs /sessions/logout and resolves on 204', async () => {
    const { calls, fetch } = recordingFetch(() => new Response(null, { status: 204 }));
    await expect(createApiClient({ baseUrl: BASE, fetch }).logout()).resolves.toBeUndefined();
    expect(calls[0]!.url).toBe(`${BASE}/api/v1${contract.logout.path}`);
    expect(calls[0]!.init.method).toBe('POST');
  });

  it('sessions: putCredentials sends currentPassword and answers the rotated authToken of a Bearer client', async () => {
    const { calls, fetch } = recordingFetch(() => json(200, { ...STATE, authToken: 'rotated-token' }));
    const api = createApiClient({ baseUrl: BASE, fetch, getAuthToken: () => 'old-token' });
    const body = { username: 'pat.parent', password: 'a new long passphrase', currentPassword: 'the old one' };
    const answer = await api.putCredentials({ params: { userId: 7 }, body });
    expect(answer.authToken).toBe('rotated-token');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual(body);
    expect(CredentialsRequestSchema.parse(body).currentPassword).toBe('the old one');
    expect(CredentialsRequestSchema.safeParse({ ...body, currentPassword: '' }).success).toBe(false);
    // a browser's answer has no token in it
    expect(CredentialsResponseSchema.parse(STATE).authToken).toBeUndefined();
  });
});

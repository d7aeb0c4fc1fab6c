import { CanadianPhoneQuerySchema, ParentStateSchema, type ParentState } from '@ofw/api-client';
import { offeredCatalogue } from '@ofw/domain';
import { parentStateFixture } from '@ofw/test-kit/fixtures';
import { render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { vi } from 'vitest';
import { App, createAppContext } from '../src/app.js';
import { initialProgress, STORAGE_KEYS, type JoinProgress } from '../src/state/join-state.js';

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
  /** The fetch `credentials` mode (whether the session cookie goes along). */
  credentials: RequestCredentials | undefined;
}

/**
 * An answer of the fake join-api: a status and body, or `{ fail: 'network' }` (fetch rejects, as when the connection
 * drops) or `{ fail: 'hang' }` (no answer; the request ends only when its signal aborts it, e.g. the client's timeout).
 */
type Answer = { status?: number; body?: unknown } | { fail: 'network' | 'hang' };
type Handler = (call: Call) => Answer | undefined;

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

/** The parent state join-api answers for parent 7 (`@ofw/test-kit/fixtures` PARENT_STATE) with `over` laid over it. */
export const parentState = (over: Partial<ParentState> = {}) => parentStateFixture(ParentStateSchema, over);

/** A fake join-api: default answers for the join, overridable per test; records every call. */
export function fakeApi(overrides: Handler = () => undefined) {
  const calls: Call[] = [];
  let country = 'US';
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const a = answer(input, init);
    if (a instanceof Response) return Promise.resolve(a);
    if (a.fail === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    return new Promise<Response>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
    );
  });
  function answer(input: RequestInfo | URL, init?: RequestInit): Response | { fail: 'network' | 'hang' } {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace('/api/v1', ''),
      search: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      credentials: init?.credentials,
    };
    calls.push(call);
    const o = overrides(call);
    if (o && 'fail' in o) return o;
    if (o) return json(o.status ?? 200, o.body);
    const route = `${call.method} ${call.path}`;
    switch (route) {
      case 'GET /join/countries':
        return json(
          200,
          ['US', 'AU', 'CA', 'GB', 'IE', 'NZ'].map((c) => ({ key: c, value: c, name: c, label: c })),
        );
      case 'GET /countries':
        return json(200, [
          { key: 'US', value: 'US', name: 'United States', label: 'United States (+1)' },
          { key: 'MX', value: 'MX', name: 'Mexico', label: 'Mexico (+52)' },
        ]);
      case 'GET /phone/canadian': {
        // as strict as join-api: the contract's query schema, else 400 validation_failed
        const query = CanadianPhoneQuerySchema.safeParse({ phoneNumber: call.search.get('phoneNumber') });
        if (!query.success)
          return json(400, { type: 'about:blank', title: 'Invalid', status: 400, code: 'validation_failed' });
        return json(200, { isCanadianPhoneNumber: query.data.phoneNumber.startsWith('416') });
      }
      case 'POST /signups':
        country = (call.body as { address: { country: string } }).address.country;
        return json(201, { signupId: 's-1', registrationKey: 'r-1', authToken: 'tok-1', userId: 7 });
      case 'POST /sessions/logout':
        return json(204, undefined);
      case 'GET /parents/7':
        return json(200, parentState({ address: { country } }));
      case 'PUT /parents/7/terms':
        return json(200, parentState({ address: { country }, agreedToTerms: true }));
      case 'GET /coupons':
      case 'GET /experiments':
        return json(200, []);
      case 'GET /packages': {
        const currency = (call.search.get('currency') ?? 'USD') as 'USD';
        return json(200, {
          packages: offeredCatalogue('P3', currency, 'join').packages,
          byo: null,
          upgradeOptions: null,
          pricingGroup: 'P3',
        });
      }
      case 'GET /security-questions':
        return json(
          200,
          [1, 2, 3, 4].map((id) => ({ id, text: `Question ${id}?` })),
        );
      default:
        return json(404, { type: 'about:blank', title: 'Not found', status: 404, code: 'not_found' });
    }
  }
  return { fetch, calls };
}

/**
 * Renders the whole app at `path` over a fake API; `apiTimeoutMs` shortens the API client's request timeout (20 s in
 * the app) for a test of a hung join-api.
 */
export function renderApp(
  path: string,
  api = fakeApi(),
  services: { leaveTo?: (url: string) => void } = {},
  o: { apiTimeoutMs?: number } = {},
) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const context = createAppContext({
    fetch: api.fetch as unknown as typeof fetch,
    history,
    services,
    ...(o.apiTimeoutMs ? { apiTimeoutMs: o.apiTimeoutMs } : {}),
  });
  const utils = render(<App context={context} />);
  return { ...utils, context, api, history };
}

/**
 * Stores a join as a reload finds it in sessionStorage: the join state as given (stored as is, so a test may store
 * what an older version wrote) and the progress over a fresh join's ({@link initialProgress}).
 */
export function storeJoin(state: Record<string, unknown>, progress: Partial<JoinProgress>) {
  sessionStorage.setItem(STORAGE_KEYS.state, JSON.stringify(state));
  sessionStorage.setItem(STORAGE_KEYS.progress, JSON.stringify({ ...initialProgress(), ...progress }));
}

/** A fake API answer: 429 `rate_limited` problem+json, with the wait in `retryAfterSeconds` when given. */
export const rateLimited = (retryAfterSeconds?: number) => ({
  status: 429,
  body: {
    type: 'https://ofw.example/problems/rate_limited',
    title: 'Too many requests',
    status: 429,
    code: 'rate_limited',
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  },
});

export { fillDetails } from './details-form.js';

/** The join state of parent 7 (Ada Lovelace, US) after the sign-up, as stored in sessionStorage. */
export const signedInJoin = {
  flow: 'join',
  isJoin: true,
  languageLocale: 'en-US',
  parent: { userId: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phoneNumber: '2065550123' },
  address: { country: 'US' },
};

/** The progress of parent 7's signup in this tab (the session cookie, its handles). */
export const signedInProgress = { signedIn: true, signupId: 's-1', registrationKey: 'r-1' } as const;

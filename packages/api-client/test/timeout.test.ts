import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ApiError } from '../src/index.js';
import { anySignal, createApiClient, DEFAULT_TIMEOUT_MS, isApiError } from '../src/index.js';

const BASE = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const countries = [{ key: 'US', value: 'US', name: 'United States', label: 'United States' }];

/** join-api answers only after `ms` (msw `delay`). */
function slowCountries(ms: number) {
  server.use(
    http.get(`${BASE}/api/v1/countries`, async () => {
      await delay(ms);
      return HttpResponse.json(countries);
    }),
  );
}

describe('request timeout (a hung join-api must not leave a step loading for ever)', () => {
  it('the default is 20 s', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(20_000);
  });

  it('no answer within timeoutMs throws the catalogued problem `timeout` (status 0), not a network error', async () => {
    slowCountries(2_000);
    const client = createApiClient({ baseUrl: BASE, timeoutMs: 50 });
    const started = Date.now();
    const err = await client.getCountries({ headers: { 'Accept-Language': 'en-US' } }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(isApiError(err, 'timeout')).toBe(true);
    expect((err as ApiError).status).toBe(0);
    expect((err as ApiError).problem.type).toBe('https://ofw.example/problems/timeout');
  });

  it('an answer inside timeoutMs is returned as usual', async () => {
    slowCountries(10);
    const client = createApiClient({ baseUrl: BASE, timeoutMs: 2_000 });
    await expect(client.getCountries({ headers: { 'Accept-Language': 'en-US' } })).resolves.toEqual(countries);
  });

  it("the caller's signal still aborts (AbortSignal.any): an AbortError, not a timeout", async () => {
    slowCountries(2_000);
    const client = createApiClient({ baseUrl: BASE, timeoutMs: 1_000 });
    const controller = new AbortController();
    const pending = client
      .getCountries({ headers: { 'Accept-Language': 'en-US' }, signal: controller.signal })
      .catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 20);
    const err = await pending;
    expect(isApiError(err)).toBe(false);
    expect((err as Error).name).toBe('AbortError');
  });

  it('the timeout reaches fetch as an AbortSignal combined with the caller’s, and timeoutMs 0 sends none', async () => {
    const signals: (AbortSignal | null | undefined)[] = [];
    const fetch = (_: string | URL | Request, init?: RequestInit) => {
      signals.push(init?.signal);
      return Promise.resolve(Response.json(countries));
    };
    const caller = new AbortController();
    await createApiClient({ baseUrl: BASE, fetch, timeoutMs: 5_000 }).getCountries({
      headers: { 'Accept-Language': 'en-US' },
      signal: caller.signal,
    });
    await createApiClient({ baseUrl: BASE, fetch, timeoutMs: 0 }).getCountries({
      headers: { 'Accept-Language': 'en-US' },
    });
    expect(signals[0]).toBeInstanceOf(AbortSignal);
    expect(signals[0]).not.toBe(caller.signal);
    caller.abort();
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]).toBeUndefined();
  });
});

describe('anySignal (AbortSignal.any, or its stand-in where a browser lacks it)', () => {
  it.each([
    ['AbortSignal.any', false],
    ['the AbortController stand-in (Safari < 17.4)', true],
  ])('%s: aborts with the reason of the first signal that aborts', (_, withoutAny) => {
    const original = AbortSignal.any;
    if (withoutAny) Object.defineProperty(AbortSignal, 'any', { value: undefined, configurable: true });
    try {
      const a = new AbortController();
      const b = new AbortController();
      const combined = anySignal([a.signal, b.signal]);
      expect(combined.aborted).toBe(false);
      b.abort(new Error('b first'));
      expect(combined.aborted).toBe(true);
      a.abort(new Error('a later'));
      expect((combined.reason as Error).message).toBe('b first');
      const already = new AbortController();
      already.abort(new Error('before'));
      expect(anySignal([already.signal, a.signal]).reason).toBe(already.signal.reason);
    } finally {
      Object.defineProperty(AbortSignal, 'any', { value: original, configurable: true, writable: true });
    }
  });
});

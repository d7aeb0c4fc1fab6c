import { createApiClient, isApiError } from '@ofw/api-client';
import { describe, expect, it, vi } from 'vitest';
import { retryOnceWhenOverloaded } from '../src/retry-overloaded.js';

const QUESTIONS = [{ id: 1, text: 'Your first pet?' }];
const overloaded = (retryAfter = '2') =>
  new Response(
    JSON.stringify({
      type: 'https://ofw.example/problems/overloaded',
      title: 'Service Unavailable',
      status: 503,
      code: 'overloaded',
      detail: 'The service is busy; try again in 2 s.',
      retryAfterSeconds: Number(retryAfter),
    }),
    { status: 503, headers: { 'content-type': 'application/problem+json', 'retry-after': retryAfter } },
  );
const ok = () =>
  new Response(JSON.stringify(QUESTIONS), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * join-api README "Overload": a request refused 503 `overloaded` ran nothing, and says when to come back
 * (Retry-After, RFC 9110 §10.2.3): the page sends it again once after that, then shows the error.
 */
describe('the page retries once after an overloaded answer', () => {
  const client = (fetchImpl: typeof fetch, sleep: (ms: number) => Promise<void>) =>
    createApiClient({ baseUrl: 'http://api.test', fetch: retryOnceWhenOverloaded(fetchImpl, sleep) });

  it('503 overloaded, then — after Retry-After — the answer: the call succeeds', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValueOnce(overloaded('2')).mockResolvedValueOnce(ok());
    const sleep = vi.fn(() => Promise.resolve());
    await expect(
      client(fetchImpl, sleep).getSecurityQuestions({ headers: { 'Accept-Language': 'en-US' } }),
    ).resolves.toEqual(QUESTIONS);
    expect(sleep).toHaveBeenCalledWith(2000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('overloaded twice: one retry only, and the call fails with the overloaded problem (the page shows it)', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(overloaded('1')));
    const sleep = vi.fn(() => Promise.resolve());
    const error = await client(fetchImpl, sleep)
      .getSecurityQuestions({ headers: { 'Accept-Language': 'en-US' } })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('overloaded');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it('another 503 (the payment gateway) or a Retry-After past 10 s is not retried by the page', async () => {
    const gatewayDown = new Response(
      JSON.stringify({ type: 'x', title: 'x', status: 503, code: 'payment_gateway_unavailable' }),
      { status: 503, headers: { 'content-type': 'application/problem+json', 'retry-after': '1' } },
    );
    for (const answer of [gatewayDown, overloaded('60')]) {
      const fetchImpl = vi.fn<typeof fetch>().mockResolvedValueOnce(answer).mockResolvedValueOnce(ok());
      const sleep = vi.fn(() => Promise.resolve());
      await client(fetchImpl, sleep)
        .getSecurityQuestions({ headers: { 'Accept-Language': 'en-US' } })
        .catch(() => undefined);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      expect(sleep).not.toHaveBeenCalled();
    }
  });

  it('a POST is sent again with the same body', async () => {
    const bodies: unknown[] = [];
    const fetchImpl = vi.fn<typeof fetch>(async (input, init) => {
      bodies.push(input instanceof Request ? await input.text() : init?.body);
      return bodies.length === 1 ? overloaded('1') : new Response(null, { status: 204 });
    });
    await client(fetchImpl, () => Promise.resolve())
      .putTerms({ params: { userId: 7 }, body: { agreedToTerms: true } })
      .catch(() => undefined);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toContain('agreedToTerms');
    expect(bodies[1]).toEqual(bodies[0]);
  });
});

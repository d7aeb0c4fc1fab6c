/**
 * Errors as ApiError: problem+json answers (RFC 9457) with their code and field errors, any other error body, a
 * network failure, a 2xx off its schema, and the problem codes the client knows.
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { ApiError, ProblemCodeSchema, createApiClient, isApiError } from '../src/index.js';
import { BASE, useMockApi } from './mock-api.js';

const { server } = useMockApi();

describe('createApiClient', () => {
  it('RFC 9457: a problem+json answer becomes an ApiError with status, code and field errors', async () => {
    server.use(
      http.post(`${BASE}/api/v1/signups`, () =>
        HttpResponse.json(
          {
            type: 'https://ofw.example/problems/validation_failed',
            title: 'Invalid request',
            status: 400,
            detail: 'parent.email: Invalid email',
            code: 'validation_failed',
            errors: [{ field: 'parent.email', message: 'Invalid email' }],
          },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const client = createApiClient({ baseUrl: BASE });
    const err = await client
      .createSignup({
        body: {
          address: { country: 'US' },
          parent: { firstName: 'A', lastName: 'B', email: 'x', phoneNumber: '5551234567' },
        } as never,
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(isApiError(err, 'validation_failed')).toBe(true);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).fieldErrors).toEqual([{ field: 'parent.email', message: 'Invalid email' }]);
  });

  it('a non-problem error body and a network failure still throw ApiError', async () => {
    server.use(http.get(`${BASE}/api/v1/join/countries`, () => new HttpResponse('boom', { status: 502 })));
    const client = createApiClient({ baseUrl: BASE });
    const e1 = (await client.getJoinCountries().catch((e: unknown) => e)) as ApiError;
    expect(e1.status).toBe(502);
    expect(e1.code).toBe('http_error');
    const failing = createApiClient({ baseUrl: BASE, fetch: () => Promise.reject(new TypeError('fetch failed')) });
    const e2 = (await failing.getJoinCountries().catch((e: unknown) => e)) as ApiError;
    expect(e2.status).toBe(0);
    expect(e2.code).toBe('network_error');
  });

  it('a 2xx that does not match its schema throws invalid_response', async () => {
    server.use(http.get(`${BASE}/api/v1/phone/canadian`, () => HttpResponse.json({ canadian: 'yes' })));
    const err = (await createApiClient({ baseUrl: BASE })
      .checkCanadianPhone({ query: { phoneNumber: '4165550123' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('invalid_response');
  });

  it('payment_method_expired is a known problem code (a nonce used or unknown: enter the card again)', () => {
    expect(ProblemCodeSchema.parse('payment_method_expired')).toBe('payment_method_expired');
  });
});

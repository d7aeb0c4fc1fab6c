import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient } from '@tanstack/react-query';
import {
  ApiError,
  CoParentEmailRequestSchema,
  LanguageRequestSchema,
  OrderRequestSchema,
  PaymentsConfigSchema,
  ProblemCodeSchema,
  type ParentState,
  createApiClient,
  isApiError,
} from '../src/index.js';
import { countriesQuery, joinCountriesQuery, packageDataQuery } from '../src/query.js';
import { PARENT } from './fixtures.js';

const BASE = 'http://api.test';
const seen: Request[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const order = {
  orderId: 'ord_1',
  status: 'paid',
  subscription: {
    status: 'current',
    packageId: 2052,
    startsAt: '2025-01-01T00:00:00.000Z',
    expiresAt: '2026-01-01T00:00:00.000Z',
  },
  receipt: {
    packageName: 'Premium',
    amount: 216,
    currencyCode: 'USD',
    formattedAmount: '$216.00',
    discountAmount: 0,
    cardBrand: 'Visa',
    last4: '1111',
    transactionId: 'tx_1',
  },
};

describe('createApiClient', () => {
  it('§4 Purchase flow: an upgrade order parses with purchaseFlow "upgrade", its prorated price and credit', async () => {
    const upgrade = {
      ...order,
      purchaseFlow: 'upgrade',
      receipt: {
        ...order.receipt,
        amount: 143.65,
        formattedAmount: '$143.65',
        proratedPriceInfo: { proratedPrice: 143.65, proratedPriceFormatted: '$143.65' },
        creditAmount: 156.23,
      },
    };
    server.use(http.post(`${BASE}/api/v1/orders`, () => HttpResponse.json(upgrade, { status: 201 })));
    const client = createApiClient({ baseUrl: BASE, getAuthToken: () => 'tok123' });
    const body = {
      packageId: 2055,
      paymentMethodNonce: 'fake-valid-nonce',
      billingAddress: {
        streetAddress: '1 Main St',
        locality: 'Austin',
        region: 'TX',
        postalCode: '78701',
        countryCodeAlpha2: 'US',
      },
      expectedCharge: { amount: '216.00', currencyCode: 'USD' as const },
    };
    const res = await client.createOrder({ body, headers: { 'Idempotency-Key': 'key-upgrade-1' } });
    expect(res.purchaseFlow).toBe('upgrade');
    expect(res.receipt.proratedPriceInfo).toEqual({ proratedPrice: 143.65, proratedPriceFormatted: '$143.65' });
    expect(res.receipt.creditAmount).toBe(156.23);
    const bad = { ...upgrade, purchaseFlow: 'renewal' };
    server.use(http.post(`${BASE}/api/v1/orders`, () => HttpResponse.json(bad, { status: 201 })));
    const err = (await client
      .createOrder({ body, headers: { 'Idempotency-Key': 'key-upgrade-2' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('invalid_response');
  });

  it('DESIGN §4: sends the bearer token and Idempotency-Key on POST /orders and parses the answer', async () => {
    server.use(
      http.post(`${BASE}/api/v1/orders`, ({ request }) => {
        seen.push(request.clone());
        return HttpResponse.json(order, { status: 201 });
      }),
    );
    const client = createApiClient({ baseUrl: BASE, getAuthToken: () => 'tok123' });
    const res = await client.createOrder({
      body: {
        packageId: 2052,
        paymentMethodNonce: 'fake-valid-nonce',
        billingAddress: {
          streetAddress: '1 Main St',
          locality: 'Austin',
          region: 'TX',
          postalCode: '78701',
          countryCodeAlpha2: 'US',
        },
        expectedCharge: { amount: '216.00', currencyCode: 'USD' },
      },
      headers: { 'Idempotency-Key': 'key-12345678' },
    });
    expect(res.receipt.last4).toBe('1111');
    expect(res.purchaseFlow).toBe('purchase'); // a body without purchaseFlow reads as a purchase (§4)
    // an older server's receipt (no term, no receipt address) still parses: the page leaves those lines out
    expect(res.receipt.years).toBeUndefined();
    expect(res.receipt.receiptEmail).toBeNull();
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok123');
    expect(seen[0]!.headers.get('idempotency-key')).toBe('key-12345678');
    expect(await seen[0]!.json()).toMatchObject({ packageId: 2052 });
  });

  it('the paid order answer carries what a confirmation shows: the term (1 or 2 years) and where the receipt went', async () => {
    const paid = { ...order, receipt: { ...order.receipt, years: 2, receiptEmail: 'ida@example.com' } };
    server.use(http.post(`${BASE}/api/v1/orders`, () => HttpResponse.json(paid, { status: 201 })));
    const client = createApiClient({ baseUrl: BASE, getAuthToken: () => 'tok123' });
    const body = {
      packageId: 2052,
      paymentMethodNonce: 'fake-valid-nonce',
      billingAddress: {
        streetAddress: '1 Main St',
        locality: 'Austin',
        region: 'TX',
        postalCode: '78701',
        countryCodeAlpha2: 'US' as const,
      },
      expectedCharge: { amount: '216.00', currencyCode: 'USD' as const },
    };
    const res = await client.createOrder({ body, headers: { 'Idempotency-Key': 'key-confirm-1' } });
    expect(res.receipt).toMatchObject({ years: 2, receiptEmail: 'ida@example.com' });
    // §3 subDurationInYears is 1 or 2: any other term is not a valid answer
    const bad = { ...paid, receipt: { ...paid.receipt, years: 3 } };
    server.use(http.post(`${BASE}/api/v1/orders`, () => HttpResponse.json(bad, { status: 201 })));
    const err = (await client
      .createOrder({ body, headers: { 'Idempotency-Key': 'key-confirm-2' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('invalid_response');
  });

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

  it('§8: a decline answer (402) keeps the processor response code', async () => {
    server.use(
      http.post(`${BASE}/api/v1/orders`, () =>
        HttpResponse.json(
          {
            type: 'https://ofw.example/problems/processor_declined',
            title: 'Card declined',
            status: 402,
            code: 'processor_declined',
            processorResponseCode: '2000',
          },
          { status: 402 },
        ),
      ),
    );
    const err = (await createApiClient({ baseUrl: BASE })
      .createOrder({
        body: {
          packageId: 1,
          paymentMethodNonce: 'n',
          billingAddress: {
            streetAddress: 'a',
            locality: 'b',
            region: 'c',
            postalCode: '12345',
            countryCodeAlpha2: 'US',
          },
          expectedCharge: { amount: '1.00', currencyCode: 'USD' },
        },
        headers: { 'Idempotency-Key': 'abcdefgh' },
      })
      .catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(402);
    expect(err.problem.processorResponseCode).toBe('2000');
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

  it('§7: countries send Accept-Language; invite calls send the invite token as bearer', async () => {
    server.use(
      http.get(`${BASE}/api/v1/countries`, ({ request }) => {
        seen.push(request);
        return HttpResponse.json([{ key: 'US', value: 'US', name: 'Estados Unidos', label: 'Estados Unidos' }]);
      }),
      http.get(`${BASE}/api/v1/invites/check`, ({ request }) => {
        seen.push(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const client = createApiClient({ baseUrl: BASE, getAuthToken: () => 'parent-token' });
    const countries = await client.getCountries({ headers: { 'Accept-Language': 'es-MX' } });
    expect(countries[0]!.name).toBe('Estados Unidos');
    expect(seen[0]!.headers.get('accept-language')).toBe('es-MX');
    expect(seen[0]!.headers.get('authorization')).toBeNull();
    await expect(client.checkInvite({ inviteToken: 'invite-token-abc' })).resolves.toBeUndefined();
    expect(seen[1]!.headers.get('authorization')).toBe('Bearer invite-token-abc');
  });

  it('§4 Completion: putBillingAddress and putCoParentEmail PUT to the parent with the token and parse the join state', async () => {
    const state: ParentState = {
      parent: PARENT,
      address: { country: 'US' },
      flow: 'pro',
      languageLocale: 'en-US',
      agreedToTerms: true,
      billingAddressComplete: true,
      subscriptionStatus: 'none',
      isSubscriptionCurrent: false,
      requireCredentials: false,
      securityQuestionsComplete: true,
      userCreatedByPro: true,
      proFirstName: 'Jo',
      proLastName: 'Counsel',
      isInvitedJoin: false,
      coparentPricing: 'P3',
      migrationPricingGroup: null,
      parentAccountType: 'pro_created',
      graceLogins: 0,
      coParentEmail: null,
      coParentEmailAnswered: true,
      emailVerified: true,
      isJoinComplete: true,
      subscription: null,
    };
    server.use(
      http.put(`${BASE}/api/v1/parents/7/billing-address`, ({ request }) => {
        seen.push(request.clone());
        return HttpResponse.json(state);
      }),
      http.put(`${BASE}/api/v1/parents/7/coparent-email`, ({ request }) => {
        seen.push(request.clone());
        // An older server without the co-parent fields still parses (defaults).
        const { coParentEmail: _e, coParentEmailAnswered: _a, ...older } = state;
        return HttpResponse.json(older);
      }),
    );
    const client = createApiClient({ baseUrl: BASE, getAuthToken: () => 'tok123' });
    const address = {
      streetAddress: '1 Main St',
      locality: 'Austin',
      region: 'TX',
      postalCode: '78701',
      countryCodeAlpha2: 'US',
    };
    expect(await client.putBillingAddress({ params: { userId: 7 }, body: address })).toMatchObject({
      billingAddressComplete: true,
      isJoinComplete: true,
      subscription: null,
    });
    expect(await client.putCoParentEmail({ params: { userId: 7 }, body: { coParentEmail: null } })).toMatchObject({
      coParentEmail: null,
      coParentEmailAnswered: false,
      emailVerified: true,
    });
    expect(seen.map((r) => r.method)).toEqual(['PUT', 'PUT']);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok123');
    expect(await seen[0]!.json()).toEqual(address);
    expect(await seen[1]!.json()).toEqual({ coParentEmail: null });
  });

  it('co-parent email request: an email or null; anything else is rejected', () => {
    expect(CoParentEmailRequestSchema.parse({ coParentEmail: null })).toEqual({ coParentEmail: null });
    expect(CoParentEmailRequestSchema.safeParse({ coParentEmail: 'co@example.com' }).success).toBe(true);
    expect(CoParentEmailRequestSchema.safeParse({ coParentEmail: 'nope' }).success).toBe(false);
    expect(CoParentEmailRequestSchema.safeParse({}).success).toBe(false);
  });

  it('§1 §3 language request: a locale as the sign-up takes it (es_MX spelled es-MX); not a locale is rejected', () => {
    expect(LanguageRequestSchema.parse({ languageLocale: 'es_MX' })).toEqual({ languageLocale: 'es-MX' });
    for (const languageLocale of ['en-US', 'en-GB', 'es-US']) {
      expect(LanguageRequestSchema.safeParse({ languageLocale }).success).toBe(true);
    }
    expect(LanguageRequestSchema.safeParse({ languageLocale: 'spanish' }).success).toBe(false);
    expect(LanguageRequestSchema.safeParse({}).success).toBe(false);
  });

  it('§5 Card client: payments config carries a client token (3D Secure needs one), never an empty authorization', () => {
    // The sandbox issues base64 JSON client tokens, as Braintree's clientToken.generate does.
    const clientToken = Buffer.from(JSON.stringify({ version: 2, authorizationFingerprint: 'fp' })).toString('base64');
    const flags = { applePay: false, cadPayPal: false, venmo: true };
    const sandbox = {
      driver: 'sandbox',
      authorization: clientToken,
      sandboxUrl: 'http://127.0.0.1:3010',
      displayName: 'OFW',
      flags,
    };
    expect(PaymentsConfigSchema.parse(sandbox)).toEqual(sandbox);
    expect(PaymentsConfigSchema.safeParse({ ...sandbox, authorization: '' }).success).toBe(false);
    const braintree = { driver: 'braintree', authorization: clientToken, displayName: 'OFW', flags };
    expect(PaymentsConfigSchema.parse(braintree)).toEqual(braintree);
    expect(PaymentsConfigSchema.safeParse({ ...braintree, authorization: '' }).success).toBe(false);
  });

  it('getPaymentsConfig asks for the currency charged, so the client token is for its merchant account', async () => {
    const config = { driver: 'braintree', authorization: 'eyJ2ZXJzaW9uIjoyfQ==', displayName: 'OFW', flags: {} };
    server.use(
      http.get(`${BASE}/api/v1/payments/config`, ({ request }) => {
        seen.push(request);
        return HttpResponse.json(config);
      }),
    );
    const client = createApiClient({ baseUrl: BASE, getAuthToken: () => 'tok' });
    await client.getPaymentsConfig({ query: { currency: 'GBP' } });
    await client.getPaymentsConfig();
    expect(new URL(seen[0]!.url).searchParams.get('currency')).toBe('GBP');
    expect(new URL(seen[1]!.url).searchParams.has('currency')).toBe(false);
  });

  it('payment_method_expired is a known problem code (a nonce used or unknown: enter the card again)', () => {
    expect(ProblemCodeSchema.parse('payment_method_expired')).toBe('payment_method_expired');
  });

  it('DESIGN §4: the order schema strips any amount the browser adds', () => {
    const parsed = OrderRequestSchema.parse({
      packageId: 2052,
      paymentMethodNonce: 'n',
      amount: 0.01,
      totalPrice: 1,
      billingAddress: { streetAddress: 'a', locality: 'b', region: 'c', postalCode: '12345', countryCodeAlpha2: 'US' },
      expectedCharge: { amount: '216.00', currencyCode: 'USD' },
    });
    expect(parsed).not.toHaveProperty('amount');
    expect(parsed).not.toHaveProperty('totalPrice');
  });

  it('DESIGN §5 shown = charged: an order names what the page showed — expectedCharge is required, a 2-decimal string in a catalogue currency', () => {
    const base = {
      packageId: 2052,
      paymentMethodNonce: 'n',
      billingAddress: { streetAddress: 'a', locality: 'b', region: 'c', postalCode: '12345', countryCodeAlpha2: 'US' },
    };
    expect(OrderRequestSchema.safeParse(base).success).toBe(false);
    for (const amount of ['216', '216.0', '216.000', '1,216.00', '-1.00'])
      expect(OrderRequestSchema.safeParse({ ...base, expectedCharge: { amount, currencyCode: 'USD' } }).success).toBe(
        false,
      );
    expect(
      OrderRequestSchema.safeParse({ ...base, expectedCharge: { amount: '216.00', currencyCode: 'EUR' } }).success,
    ).toBe(false);
    expect(
      OrderRequestSchema.parse({ ...base, expectedCharge: { amount: '107.99', currencyCode: 'GBP' } }),
    ).toMatchObject({
      expectedCharge: { amount: '107.99', currencyCode: 'GBP' },
    });
  });
});

describe('queryOptions', () => {
  it('§9 cache keys: countries, joinCountries, packageData', async () => {
    server.use(
      http.get(`${BASE}/api/v1/packages`, ({ request }) => {
        const u = new URL(request.url);
        return HttpResponse.json({ packages: [], byo: null, upgradeOptions: null, pricingGroup: 'P3', _q: u.search });
      }),
    );
    const client = createApiClient({ baseUrl: BASE });
    expect(countriesQuery(client, 'en-US').queryKey).toEqual(['countries', 'en-US']);
    expect(joinCountriesQuery(client).queryKey).toEqual(['joinCountries']);
    const q = packageDataQuery(client, { currency: 'CAD', flow: 'pro' });
    expect(q.queryKey).toEqual(['packageData', 'CAD', 'pro']);
    const qc = new QueryClient();
    const data = await qc.fetchQuery(q);
    expect(data.pricingGroup).toBe('P3');
    expect(qc.getQueryData(['packageData', 'CAD', 'pro'])).toEqual(data);
  });
});

/**
 * The order call and its schemas: POST /orders with the bearer token and Idempotency-Key, the paid order's answer
 * (spec §4 Purchase flow, its confirmation), a decline (spec §8), what the browser may not send and the charge it
 * names (docs/PAYMENTS.md "Shown = charged").
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { type ApiError, OrderRequestSchema, createApiClient } from '../src/index.js';
import { BASE, useMockApi } from './mock-api.js';

const { server, seen } = useMockApi();

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

  it('docs/CONTRACTS.md "HTTP API": sends the bearer token and Idempotency-Key on POST /orders and parses the answer', async () => {
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

  it('docs/CONTRACTS.md "HTTP API": the order schema strips any amount the browser adds', () => {
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

  it('docs/PAYMENTS.md "Shown = charged": an order names what the page showed — expectedCharge is required, a 2-decimal string in a catalogue currency', () => {
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

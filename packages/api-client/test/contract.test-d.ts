import { describe, expectTypeOf, it } from 'vitest';
import {
  createApiClient,
  type ApiClient,
  type OrderResponse,
  type PackagesResponse,
  type ParentState,
} from '../src/index.js';
import { operationKey, queryOptionsFor } from '../src/query.js';

declare const client: ApiClient;

describe('the client and the query options are derived from the contract table (docs/CONTRACTS.md "HTTP API", docs/CONTRACTS.md)', () => {
  it('one method per operationId; arguments are the z.input of the entry, answers the z.output of its response', () => {
    expectTypeOf(createApiClient).returns.toEqualTypeOf<ApiClient>();
    // the query is optional before defaults (PackagesQuerySchema defaults currency and flow)
    expectTypeOf(client.getPackages).toBeCallableWith();
    expectTypeOf(client.getPackages).toBeCallableWith({ query: { currency: 'GBP' } });
    expectTypeOf(client.getPackages).returns.resolves.toEqualTypeOf<PackagesResponse>();
    expectTypeOf(client.getParent).toBeCallableWith({ params: { userId: 7 } });
    expectTypeOf(client.getParent).returns.resolves.toEqualTypeOf<ParentState>();
    expectTypeOf(client.createOrder).returns.resolves.toEqualTypeOf<OrderResponse>();
    expectTypeOf(client.checkInvite).returns.resolves.toEqualTypeOf<void>();
  });

  it('wrong arguments and answers do not compile', () => {
    // @ts-expect-error -- GET /packages has no `currencyCode` query key (it is `currency`)
    void client.getPackages({ query: { currencyCode: 'USD' } });
    // @ts-expect-error -- not a Currency
    void client.getPackages({ query: { currency: 'EUR' } });
    const order = { packageId: 2052, paymentMethodNonce: 'fake-valid-nonce' } as Parameters<
      ApiClient['createOrder']
    >[0]['body'];
    // @ts-expect-error -- POST /orders requires the Idempotency-Key header (required: true in the contract)
    void client.createOrder({ body: order });
    // @ts-expect-error -- ... and the headers object needs that key
    void client.createOrder({ body: order, headers: {} });
    void client.createOrder({ body: order, headers: { 'Idempotency-Key': 'key-12345678' } });
    // POST /signups takes it optionally, with the contract's schema (text)
    const signup = {} as Parameters<ApiClient['createSignup']>[0]['body'];
    void client.createSignup({ body: signup });
    void client.createSignup({ body: signup, headers: { 'Idempotency-Key': 'key-12345678' } });
    // @ts-expect-error -- the key is text
    void client.createSignup({ body: signup, headers: { 'Idempotency-Key': 12345678 } });
    // @ts-expect-error -- GET /parents/{userId} needs its path param
    void client.getParent({});
    // @ts-expect-error -- an invite operation needs the invite token
    void client.getInviteFamily({});
    void (async () => {
      const answer = await client.createOrder({ body: order, headers: { 'Idempotency-Key': 'key-12345678' } });
      // @ts-expect-error -- the order answer has no `orderNumber` (it is `orderId`)
      void answer.orderNumber;
    })();
  });

  it('queryOptionsFor: data typed by the operation, keys from operationId and args', () => {
    const packages = queryOptionsFor(client, 'getPackages', { query: { currency: 'USD', flow: 'join' } });
    expectTypeOf(packages.queryFn).exclude<symbol | undefined>().returns.resolves.toEqualTypeOf<PackagesResponse>();
    expectTypeOf(operationKey('getParent', { params: { userId: 7 } })).toEqualTypeOf<
      readonly ['getParent', Omit<Parameters<ApiClient['getParent']>[0], 'signal'>]
    >();
    // @ts-expect-error -- GET /packages has no `currencyCode` query key
    queryOptionsFor(client, 'getPackages', { query: { currencyCode: 'USD' } });
    // @ts-expect-error -- not an operationId
    queryOptionsFor(client, 'getPackage', {});
  });
});

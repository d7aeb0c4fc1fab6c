import { MutationObserver, QueryClient, QueryObserver, skipToken } from '@tanstack/react-query';
import { parentStateFixture } from '@ofw/test-kit/fixtures';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/client.js';
import {
  couponsQuery,
  credentialsMutation,
  experimentsQuery,
  inviteCouponsQuery,
  inviteExperimentsQuery,
  orderMutation,
  parentQuery,
  paymentsConfigQuery,
  queryKeys,
  termsMutation,
  packageDataQuery,
} from '../src/query.js';
import { ParentStateSchema, type ParentState } from '../src/schemas.js';
import { PARENT } from './fixtures.js';

const parentState = (over: Partial<ParentState> = {}) =>
  parentStateFixture(ParentStateSchema, { parent: PARENT, ...over });

/** A client over a fetch that answers `routes[method path]` with JSON (404 problem otherwise). */
function clientOf(routes: Record<string, unknown>) {
  const fetch = (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = routes[`${init?.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}`];
    return Promise.resolve(
      body === undefined
        ? new Response(JSON.stringify({ type: 'about:blank', title: 'x', status: 404, code: 'not_found' }), {
            status: 404,
          })
        : new Response(JSON.stringify(body), { status: 200 }),
    );
  };
  return createApiClient({ fetch: fetch as typeof globalThis.fetch });
}

describe('query keys and mutation options of @ofw/api-client/query', () => {
  it('packageDataQuery keys the answer by caller when one is given (§9 key kept without one)', () => {
    const client = clientOf({});
    expect(packageDataQuery(client, { currency: 'USD', flow: 'join' }).queryKey).toEqual([
      'packageData',
      'USD',
      'join',
    ]);
    expect(packageDataQuery(client, { currency: 'USD', flow: 'join', caller: 7 }).queryKey).toEqual(
      queryKeys.packageDataFor('USD', 'join', 7),
    );
    expect(queryKeys.packageDataFor('USD', 'join', 'anonymous').slice(0, 1)).toEqual(queryKeys.allPackageData());
  });

  it('termsMutation writes the answer into the parent query (setQueryData, no refetch)', async () => {
    const agreed = parentState({ agreedToTerms: true });
    const client = clientOf({ 'GET /parents/7': parentState(), 'PUT /parents/7/terms': agreed });
    const qc = new QueryClient();
    await qc.fetchQuery(parentQuery(client, 7));
    expect(qc.getQueryData<ParentState>(queryKeys.parent(7))?.agreedToTerms).toBe(false);
    await new MutationObserver(qc, termsMutation(client, qc)).mutate(7);
    expect(qc.getQueryData(queryKeys.parent(7))).toEqual(agreed);
  });

  it(' credentialsMutation caches the parent without the rotated authToken', async () => {
    const client = clientOf({
      'PUT /parents/7/credentials': { ...parentState({ requireCredentials: false }), authToken: 'tok-new' },
    });
    const qc = new QueryClient();
    await new MutationObserver(qc, credentialsMutation(client, qc)).mutate({
      userId: 7,
      body: { username: 'pat_p', password: 'correct horse battery' },
    });
    const cached = qc.getQueryData<ParentState>(queryKeys.parent(7));
    expect(cached?.requireCredentials).toBe(false);
    expect(cached).not.toHaveProperty('authToken');
  });

  it('a paid order marks the cached parent paid and invalidates every package data answer', async () => {
    const order = {
      orderId: 'o-1',
      transactionId: 't-1',
      subscription: { status: 'current' },
    };
    const client = clientOf({ 'GET /parents/7': parentState(), 'POST /orders': order });
    const qc = new QueryClient();
    await qc.fetchQuery(parentQuery(client, 7));
    qc.setQueryData(queryKeys.packageDataFor('USD', 'join', 7), { packages: [] });
    const m = orderMutation(client, qc);
    await m.onSuccess!(order as never, { userId: 7, body: {} as never, idempotencyKey: 'key-12345678' }, undefined, {
      client: qc,
      meta: undefined,
    });
    expect(qc.getQueryData<ParentState>(queryKeys.parent(7))).toMatchObject({
      billingAddressComplete: true,
      isSubscriptionCurrent: true,
      subscriptionStatus: 'current',
    });
    expect(qc.getQueryState(queryKeys.packageDataFor('USD', 'join', 7))?.isInvalidated).toBe(true);
  });
});

describe('reads whose argument is not known yet take skipToken', () => {
  it('with skipToken the query stays disabled — nothing is fetched, no placeholder id in its key', async () => {
    const calls: string[] = [];
    const client = createApiClient({
      fetch: ((input: string | URL) => {
        calls.push(String(input));
        return Promise.resolve(new Response('{}', { status: 200 }));
      }) as typeof globalThis.fetch,
    });
    const qc = new QueryClient();
    const disabled = [
      parentQuery(client, skipToken),
      paymentsConfigQuery(client, { userId: skipToken, currency: 'USD' }),
      couponsQuery(client, skipToken),
      inviteCouponsQuery(client, skipToken),
      experimentsQuery(client, skipToken),
      inviteExperimentsQuery(client, skipToken),
    ];
    for (const options of disabled) {
      expect(options.queryFn).toBe(skipToken);
      expect(options.queryKey).toContain(undefined);
      expect(options.queryKey).not.toContain(0);
      expect(options.queryKey).not.toContain('');
      const observer = new QueryObserver(qc, options as ConstructorParameters<typeof QueryObserver>[1]);
      const unsubscribe = observer.subscribe(() => undefined);
      expect(observer.getCurrentResult()).toMatchObject({ status: 'pending', fetchStatus: 'idle' });
      unsubscribe();
    }
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual([]);
    // with the argument, the same factory reads and keys by it
    expect(parentQuery(client, 7).queryKey).toEqual(['parent', 7]);
    expect(couponsQuery(client, { signupId: 's-1', registrationKey: 'k' }).queryKey).toEqual([
      'coupons',
      'signup',
      's-1',
    ]);
  });
});

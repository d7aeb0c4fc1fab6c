/**
 * What the client sends and parses outside the order: Accept-Language and invite tokens (spec §7), the completion
 * PUTs (spec §4 Completion), the request schemas (spec §1, §3), the payments config (spec §5 Card client) and the
 * query keys (spec §9).
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import {
  CoParentEmailRequestSchema,
  LanguageRequestSchema,
  PaymentsConfigSchema,
  type ParentState,
  createApiClient,
} from '../src/index.js';
import { countriesQuery, joinCountriesQuery, packageDataQuery } from '../src/query.js';
import { PARENT } from './fixtures.js';
import { BASE, useMockApi } from './mock-api.js';

const { server, seen } = useMockApi();

describe('createApiClient', () => {
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

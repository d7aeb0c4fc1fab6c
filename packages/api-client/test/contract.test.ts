import { describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  ApiError,
  contract,
  createApiClient,
  operationPath,
  type ApiClient,
  type OperationId,
} from '../src/index.js';

const BASE = 'http://api.test';
/** A renewal e-mail link's token (docs/RENEWAL.md): 20+ URL-safe characters. */
const LINK = 'link-token-abcdefghijklmnop';

/** One call of each client method, by the operationId it must use. */
const CALLS: { [K in OperationId]: (api: ApiClient) => Promise<unknown> } = {
  getCountries: (api) => api.getCountries({ headers: { 'Accept-Language': 'en-US' } }),
  getJoinCountries: (api) => api.getJoinCountries(),
  getPackages: (api) => api.getPackages({ query: { currency: 'USD', flow: 'join' } }),
  checkCanadianPhone: (api) => api.checkCanadianPhone({ query: { phoneNumber: '6045550123' } }),
  createSignup: (api) => api.createSignup({ body: {} as never, headers: { 'Idempotency-Key': 'key-12345678' } }),
  logout: (api) => api.logout(),
  getCoupons: (api) => api.getCoupons({ query: { registrationKey: 'rk', signupId: 's' } }),
  checkCoupon: (api) => api.checkCoupon({ body: { couponCode: 'WELCOME10' } }),
  getParent: (api) => api.getParent({ params: { userId: 7 } }),
  getPricingGroup: (api) => api.getPricingGroup({ params: { userId: 7 } }),
  putTerms: (api) => api.putTerms({ params: { userId: 7 }, body: { agreedToTerms: true } }),
  putCredentials: (api) => api.putCredentials({ params: { userId: 7 }, body: {} as never }),
  putSecurityQuestions: (api) => api.putSecurityQuestions({ params: { userId: 7 }, body: {} as never }),
  putBillingAddress: (api) => api.putBillingAddress({ params: { userId: 7 }, body: {} as never }),
  putCoParentEmail: (api) => api.putCoParentEmail({ params: { userId: 7 }, body: {} as never }),
  putLanguage: (api) => api.putLanguage({ params: { userId: 7 }, body: {} as never }),
  sendEmailCode: (api) => api.sendEmailCode({ params: { userId: 7 } }),
  verifyEmail: (api) => api.verifyEmail({ params: { userId: 7 }, body: { code: '123456' } }),
  putAutoRenew: (api) => api.putAutoRenew({ params: { userId: 7 }, body: { autoRenew: false } }),
  getRenewalLink: (api) => api.getRenewalLink({ params: { token: LINK } }),
  turnOffRenewalByLink: (api) => api.turnOffRenewalByLink({ params: { token: LINK } }),
  getRenewalLinkPaymentsConfig: (api) => api.getRenewalLinkPaymentsConfig({ params: { token: LINK } }),
  saveRenewalPaymentMethod: (api) =>
    api.saveRenewalPaymentMethod({
      params: { token: LINK },
      body: { paymentMethodNonce: 'fake-valid-nonce' },
      headers: { 'Idempotency-Key': 'key-12345678' },
    }),
  createRenewalSession: (api) => api.createRenewalSession({ params: { token: LINK } }),
  getExperiments: (api) => api.getExperiments(),
  getPaymentsConfig: (api) => api.getPaymentsConfig({ query: { currency: 'GBP' } }),
  createOrder: (api) => api.createOrder({ body: {} as never, headers: { 'Idempotency-Key': 'key-12345678' } }),
  getSecurityQuestions: (api) => api.getSecurityQuestions({ headers: { 'Accept-Language': 'es' } }),
  checkInvite: (api) => api.checkInvite({ inviteToken: 'invite-token' }),
  getInviteFamily: (api) => api.getInviteFamily({ inviteToken: 'invite-token' }),
  getInviteCoupons: (api) => api.getInviteCoupons({ inviteToken: 'invite-token' }),
  getInviteExperiments: (api) => api.getInviteExperiments({ inviteToken: 'invite-token' }),
};

describe('the client is derived from the contract table', () => {
  it.each(Object.keys(contract) as OperationId[])(
    '%s sends the method, path and auth of its contract entry',
    async (id) => {
      const op = contract[id];
      const sent: { url: string; init: RequestInit }[] = [];
      const api = createApiClient({
        baseUrl: BASE,
        getAuthToken: () => 'parent-token',
        fetch: ((url: string, init: RequestInit) => {
          sent.push({ url, init });
          // A problem answer: every method then throws the server's ApiError, whatever its response schema.
          return Promise.resolve(
            new Response(JSON.stringify({ type: 'x', title: 'Nope', status: 418, code: 'not_found' }), {
              status: 418,
              headers: { 'content-type': 'application/problem+json' },
            }),
          );
        }) as typeof fetch,
      });
      await expect(CALLS[id](api)).rejects.toBeInstanceOf(ApiError);
      expect(sent).toHaveLength(1);
      const url = new URL(sent[0]!.url);
      expect(sent[0]!.init.method).toBe(op.method);
      expect(url.pathname).toBe(`${API_PREFIX}${operationPath(op, { userId: 7, token: LINK })}`);
      const authorization = (sent[0]!.init.headers as Record<string, string>).authorization;
      expect(authorization).toBe(
        op.auth === 'none' ? undefined : op.auth === 'invite' ? 'Bearer invite-token' : 'Bearer parent-token',
      );
      expect(sent[0]!.init.body !== undefined).toBe('body' in op);
    },
  );

  it('operationPath fills and encodes path params and refuses a missing one', () => {
    expect(operationPath(contract.getParent, { userId: 'a/b' })).toBe('/parents/a%2Fb');
    expect(operationPath(contract.getCountries)).toBe('/countries');
    expect(() => operationPath(contract.putTerms)).toThrow(/userId/);
  });
});

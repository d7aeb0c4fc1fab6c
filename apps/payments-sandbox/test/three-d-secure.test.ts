import { describe, expect, it } from 'vitest';
import { PARENT, makeApp } from './helpers.js';

function setup(now?: () => number) {
  const ctx = makeApp(now);
  const browserPost = (path: string, body: unknown, origin = PARENT) =>
    ctx.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    });
  const lookup = async (number: string, authorization?: string) => {
    const nonce = (await ctx.tokenize(number)).body.creditCards[0].nonce;
    const response = await browserPost('/v1/browser/three_d_secure/lookup', {
      authorization: authorization ?? (await ctx.clientToken()),
      nonce,
      amount: '216.00',
      bin: number.slice(0, 6),
    });
    return { status: response.status, body: await response.json(), nonce };
  };
  return { ...ctx, browserPost, lookup };
}

describe('3D Secure in the sandbox (spec §4 "3D Secure flow", Braintree 3DS2 test cards)', () => {
  it('4000000000002701 is a frictionless success: no acsUrl, liability shifted', async () => {
    const { lookup, charge } = setup();
    const { body } = await lookup('4000000000002701');
    expect(body.lookup.acsUrl).toBeNull();
    expect(body.paymentMethod).toMatchObject({
      liabilityShifted: true,
      liabilityShiftPossible: true,
      threeDSecureInfo: { status: 'authenticate_successful' },
    });
    const paid = await charge({ paymentMethodNonce: body.paymentMethod.nonce });
    expect(paid.body.transaction.threeDSecureInfo.liabilityShifted).toBe(true);
  });

  it('4000000000002925 is a frictionless failure: liability not shifted but possible', async () => {
    const { body } = await setup().lookup('4000000000002925');
    expect(body.lookup.acsUrl).toBeNull();
    expect(body.paymentMethod).toMatchObject({
      liabilityShifted: false,
      liabilityShiftPossible: true,
      threeDSecureInfo: { status: 'authenticate_frictionless_failed' },
    });
  });

  it.each([
    ['complete', true, 'authenticate_successful'],
    ['fail', false, 'authenticate_failed'],
  ])(
    '4000000000002503 asks for a challenge; "%s" then the JWT exchange gives liabilityShifted=%s',
    async (outcome, shifted, status) => {
      const { lookup, app, browserPost } = setup();
      const { body } = await lookup('4000000000002503');
      expect(body.lookup.acsUrl).toMatch(/\/three-d-secure\/challenge\?transactionId=/);
      const acsUrl = new URL(body.lookup.acsUrl as string);
      const page = await app.request(acsUrl.pathname + acsUrl.search);
      const html = await page.text();
      expect(html).toContain('Complete authentication');
      expect(html).toContain('Fail authentication');
      expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${PARENT}`);
      const challenge = await app.request('/v1/three_d_secure/challenge', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transactionId: body.lookup.transactionId, outcome }),
      });
      const { jwt } = await challenge.json();
      const result = await browserPost('/v1/browser/three_d_secure/authenticate_from_jwt', {
        jwt,
        paymentMethodNonce: body.paymentMethod.nonce,
      });
      const payload = await result.json();
      expect(payload.paymentMethod.liabilityShifted).toBe(shifted);
      expect(payload.threeDSecureInfo.status).toBe(status);
      // the JWT is single-use
      const again = await browserPost('/v1/browser/three_d_secure/authenticate_from_jwt', {
        jwt,
        paymentMethodNonce: body.paymentMethod.nonce,
      });
      expect(again.status).toBe(422);
    },
  );

  it('§8 lookup: 404 for a consumed nonce, 422 for a missing amount, 403 for a foreign origin', async () => {
    const { lookup, browserPost, tokenize, clientToken } = setup();
    const authorization = await clientToken();
    const first = await lookup('4000000000002701', authorization);
    const second = await browserPost('/v1/browser/three_d_secure/lookup', {
      authorization,
      nonce: first.nonce,
      amount: '1.00',
    });
    expect(second.status).toBe(404);
    const nonce = (await tokenize('4111111111111111')).body.creditCards[0].nonce;
    expect((await browserPost('/v1/browser/three_d_secure/lookup', { authorization, nonce })).status).toBe(422);
    expect(
      (
        await browserPost(
          '/v1/browser/three_d_secure/lookup',
          { authorization, nonce, amount: '1' },
          'https://evil.example',
        )
      ).status,
    ).toBe(403);
  });
});

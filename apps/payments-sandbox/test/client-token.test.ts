import { describe, expect, it } from 'vitest';
import { KEY, PARENT, makeApp } from './helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function decode(clientToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')) as Record<string, unknown>;
}

/** A sandbox whose clock the test moves (client tokens live 24 h). */
function setup() {
  const clock = { now: Date.UTC(2026, 0, 1) };
  const ctx = makeApp(() => clock.now);
  const lookup = (authorization: string, nonce: string) =>
    ctx.app.request('/v1/browser/three_d_secure/lookup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PARENT },
      body: JSON.stringify({ authorization, nonce, amount: '216.00', bin: '400000' }),
    });
  const nonceFor = async (number = '4000000000002701'): Promise<string> => {
    const { body } = (await ctx.tokenize(number)) as { body: { creditCards: [{ nonce: string }] } };
    return body.creditCards[0].nonce;
  };
  return { ...ctx, clock, lookup, nonceFor };
}

describe('client tokens (spec §5 "Card client"; Braintree clientToken.generate)', () => {
  it('§5 POST /v1/client_token issues a base64 JSON client token shaped like Braintree’s, one per call', async () => {
    const { post, app } = setup();
    const response = await post('/v1/client_token', { merchantAccountId: 'ofw_usd' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { clientToken } = (await response.json()) as { clientToken: string };
    expect(clientToken).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const token = decode(clientToken);
    expect(token).toMatchObject({
      version: 2,
      environment: 'sandbox',
      merchantId: 'ofw_sandbox',
      merchantAccountId: 'ofw_usd',
      threeDSecureEnabled: true,
      authorizationFingerprint: expect.stringMatching(/^[\w-]{20,}\.[\w-]{20,}$/),
      clientApiUrl: 'http://localhost/merchants/ofw_sandbox/client_api',
      configUrl: 'http://localhost/merchants/ofw_sandbox/client_api/v1/configuration',
    });
    // the configUrl answers for this fingerprint, and only for a known one
    const config = await app.request(`${token.configUrl as string}?authorizationFingerprint=x`);
    expect(config.status).toBe(401);
    const ok = await app.request(token.configUrl as string, {
      headers: { authorization: `Bearer ${token.authorizationFingerprint as string}`, origin: PARENT },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(PARENT);
    expect(await ok.json()).toMatchObject({
      environment: 'sandbox',
      merchantId: 'ofw_sandbox',
      threeDSecureEnabled: true,
    });
    // a second checkout gets its own token
    const other = decode((await (await post('/v1/client_token', {})).json()).clientToken as string);
    expect(other.authorizationFingerprint).not.toBe(token.authorizationFingerprint);
    // an empty body is fine (clientToken.generate() with no options); a malformed one is not
    expect((await post('/v1/client_token', undefined)).status).toBe(200);
    expect((await post('/v1/client_token', { merchantAccountId: 7 })).status).toBe(400);
  });

  it('§5 3DS lookup with a tokenization key: 403 insufficient privileges, and the nonce is not consumed', async () => {
    const { lookup, nonceFor, clientToken } = setup();
    const nonce = await nonceFor();
    const refused = await lookup(KEY, nonce);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { message: 'The authorization used has insufficient privileges.' },
      fieldErrors: [],
    });
    const allowed = await lookup(await clientToken(), nonce);
    expect(allowed.status).toBe(200);
    expect((await allowed.json()).paymentMethod).toMatchObject({ liabilityShifted: true });
  });

  it('§5 3DS lookup: a client token not issued here, or older than 24 h, is invalid (401)', async () => {
    const { lookup, nonceFor, clientToken, clock } = setup();
    const forged = Buffer.from(
      JSON.stringify({ version: 2, authorizationFingerprint: 'forged.fingerprint', environment: 'sandbox' }),
    ).toString('base64');
    const nonce = await nonceFor();
    const forgedAnswer = await lookup(forged, nonce);
    expect(forgedAnswer.status).toBe(401);
    expect((await forgedAnswer.json()).error.message).toBe(
      'Authorization is invalid. Make sure your client token or tokenization key is valid.',
    );
    const token = await clientToken();
    clock.now += DAY_MS - 1000;
    expect((await lookup(token, await nonceFor())).status).toBe(200);
    clock.now += 2000;
    expect((await lookup(token, await nonceFor())).status).toBe(401);
  });

  it('§5 tokenization accepts a tokenization key or a live client token', async () => {
    const { post, clientToken, clock } = setup();
    const card = { number: '4111111111111111', expirationDate: '12/30', cvv: '123' };
    const token = await clientToken();
    expect((await post('/v1/tokenize', { authorization: KEY, creditCard: card })).status).toBe(201);
    expect((await post('/v1/tokenize', { authorization: token, creditCard: card })).status).toBe(201);
    clock.now += DAY_MS + 1;
    expect((await post('/v1/tokenize', { authorization: token, creditCard: card })).status).toBe(401);
  });
});

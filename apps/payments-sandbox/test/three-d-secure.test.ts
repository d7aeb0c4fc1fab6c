import { describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { startSandbox } from '../src/server.js';
import { ACS_ORIGIN, KEY, PARENT, makeApp } from './helpers.js';

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

  /** A form post (`application/x-www-form-urlencoded`), as the browser sends one from a challenge-frame page. */
  const formPost = (target: Hono, url: string, fields: Record<string, string>) =>
    target.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  /** The auto-posted form of a step-up or CRes page: its action and hidden fields. */
  const formOf = (html: string) => ({
    action: /<form id="auto-post" method="post" action="([^"]+)"/.exec(html)?.[1],
    fields: Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]),
    ) as Record<string, string>,
  });
  /** A challenge lookup's answer (the fields these tests read). */
  const challengeLookup = async (ctx: ReturnType<typeof setup>) =>
    (await ctx.lookup('4000000000002503')).body as {
      lookup: { acsUrl: string; pareq: string; transactionId: string };
      paymentMethod: { nonce: string };
    };
  const csp = (response: Response) => response.headers.get('content-security-policy') ?? '';

  /**
   * The challenge as braintree-web's Songbird flow runs it (songbird.js `_presentChallenge`): the provider's step-up
   * page in the product's frame POSTs the CReq to the bank's ACS URL (the bank's own origin), the bank's page answers,
   * the bank POSTs the CRes to the provider's notification URL, whose page hands the JWT to the merchant's page.
   */
  async function challenge(outcome: 'complete' | 'fail' | 'cancel') {
    const ctx = setup();
    const body = await challengeLookup(ctx);
    const acsUrl = new URL(body.lookup.acsUrl);
    const stepUp = await ctx.app.request(`/three-d-secure/step-up?transactionId=${body.lookup.transactionId}`);
    expect(stepUp.status).toBe(200);
    const stepUpForm = formOf(await stepUp.text());
    const bank = await formPost(ctx.acsApp, new URL(stepUpForm.action!).pathname, stepUpForm.fields);
    const bankHtml = await bank.text();
    const result = await formPost(ctx.acsApp, '/acs/challenge/result', {
      creq: /name="creq" value="([^"]+)"/.exec(bankHtml)![1]!,
      outcome,
    });
    const cresForm = formOf(await result.text());
    const notify = await formPost(ctx.app, new URL(cresForm.action!).pathname, cresForm.fields);
    const notifyHtml = await notify.text();
    const data = (name: string) => new RegExp(`data-${name}="([^"]*)"`).exec(notifyHtml)?.[1];
    return { ...ctx, body, acsUrl, stepUp, stepUpForm, bank, bankHtml, result, cresForm, notify, data };
  }

  it("4000000000002503: the lookup answers the bank's ACS URL — an origin of its own — and the CReq (pareq)", async () => {
    const body = await challengeLookup(setup());
    expect(new URL(body.lookup.acsUrl).origin).toBe(ACS_ORIGIN);
    expect(new URL(body.lookup.acsUrl).pathname).toBe('/acs/challenge');
    expect(JSON.parse(Buffer.from(body.lookup.pareq, 'base64url').toString())).toMatchObject({
      messageType: 'CReq',
      acsTransID: body.lookup.transactionId,
      messageVersion: '2.2.0',
    });
  });

  it("the provider's frame sends the challenge frame to the bank; every page is framed by the parent only", async () => {
    const { stepUp, stepUpForm, acsUrl, bank, bankHtml, result, cresForm, notify } = await challenge('complete');
    // step-up (provider's origin): one form, to the bank's ACS URL, and its CSP lets it post there and nowhere else
    expect(stepUpForm.action).toBe(acsUrl.href);
    expect(csp(stepUp)).toContain(`form-action ${ACS_ORIGIN};`);
    expect(csp(stepUp)).toContain(`frame-ancestors ${PARENT}`);
    // the bank's page (ACS origin)
    expect(bank.status).toBe(200);
    expect(bankHtml).toContain('Complete authentication');
    expect(bankHtml).toContain('Fail authentication');
    expect(bankHtml).toContain('216.00');
    expect(csp(bank)).toContain("form-action 'self';");
    expect(csp(bank)).toContain(`frame-ancestors ${PARENT}`);
    // the CRes goes back to the provider's notification URL (the origin the lookup came in by)
    expect(new URL(cresForm.action!).pathname).toBe('/three-d-secure/notify');
    expect(csp(result)).toContain(`form-action ${new URL(cresForm.action!).origin};`);
    expect(csp(notify)).toContain(`frame-ancestors ${PARENT}`);
  });

  it.each([
    ['complete', true, 'authenticate_successful', 'SUCCESS'],
    ['fail', false, 'authenticate_failed', 'FAILURE'],
  ] as const)(
    '4000000000002503 "%s" at the bank: the notification page hands a JWT whose exchange gives liabilityShifted=%s',
    async (outcome, shifted, status, actionCode) => {
      const { body, data, browserPost, cresForm } = await challenge(outcome);
      const cres = JSON.parse(Buffer.from(cresForm.fields.cres!, 'base64url').toString()) as unknown;
      expect(cres).toMatchObject({ messageType: 'CRes', transStatus: outcome === 'complete' ? 'Y' : 'N' });
      expect(data('parent-origin')).toBe(PARENT);
      expect(data('action-code')).toBe(actionCode);
      const jwt = data('jwt')!;
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

  it('§9 "Cancel code 01 means customer cancel": a cancel at the bank comes back as challengeCancel 01, no JWT', async () => {
    const { data, cresForm } = await challenge('cancel');
    expect(JSON.parse(Buffer.from(cresForm.fields.cres!, 'base64url').toString()) as unknown).toMatchObject({
      transStatus: 'N',
      challengeCancel: '01',
    });
    expect(data('challenge-cancel')).toBe('01');
    expect(data('jwt')).toBeUndefined();
  });

  it('the bank refuses an unknown or finished CReq, the provider a forged or replayed CRes (404)', async () => {
    const { acsApp, app, stepUpForm, cresForm, body } = await challenge('complete');
    expect((await formPost(acsApp, '/acs/challenge', { creq: 'bm90LWEtY3JlcQ' })).status).toBe(404);
    // the outcome is recorded: the bank does not show the page again, the provider does not frame it again
    expect((await formPost(acsApp, '/acs/challenge', stepUpForm.fields)).status).toBe(404);
    expect((await app.request(`/three-d-secure/step-up?transactionId=${body.lookup.transactionId}`)).status).toBe(404);
    // the CRes was used: no second JWT
    expect((await formPost(app, '/three-d-secure/notify', cresForm.fields)).status).toBe(404);
    expect((await formPost(app, '/three-d-secure/notify', { cres: 'e30' })).status).toBe(404);
  });

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

describe('startSandbox: the bank listens on its own origin (docs/PAYMENTS.md)', () => {
  it('a second listener on 127.0.0.1 — not the provider’s port — is where the lookup sends the challenge', async () => {
    const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', allowedOrigins: [PARENT] });
    try {
      expect(new URL(sandbox.acsUrl).hostname).toBe('127.0.0.1');
      expect(sandbox.acsPort).not.toBe(sandbox.port);
      const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${sandbox.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<T>);
      const { clientToken } = await post<{ clientToken: string }>('/v1/client_token', {});
      const card = { number: '4000000000002503', expirationDate: '12/30', cvv: '123' };
      const tokenized = await post<{ creditCards: [{ nonce: string }] }>('/v1/tokenize', {
        authorization: KEY,
        creditCard: card,
      });
      const { lookup } = await post<{ lookup: { acsUrl: string; pareq: string } }>(
        '/v1/browser/three_d_secure/lookup',
        { authorization: clientToken, nonce: tokenized.creditCards[0].nonce, amount: '10.00' },
        { origin: PARENT },
      );
      expect(new URL(lookup.acsUrl).origin).toBe(sandbox.acsUrl);
      const bank = await fetch(lookup.acsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ creq: lookup.pareq }).toString(),
      });
      expect(await bank.text()).toContain('Complete authentication');
      // the provider does not serve the bank's page
      expect((await fetch(`${sandbox.url}/acs/challenge`, { method: 'POST' })).status).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});

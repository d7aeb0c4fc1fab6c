import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerChallenge, startSandbox, type RunningSandbox } from 'payments-sandbox';
import { loadEnv } from '../src/env.js';
import { createGateway } from '../src/gateway/index.js';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import { LIABILITY_KEPT_MESSAGE } from '../src/gateway/three-d-secure.js';
import type { PaymentGateway } from '../src/gateway/types.js';
import { BILLING, braintreeDevEnv, counterValue, order, signup, testApp, type TestApp } from './helpers.js';
import { TEST_CARDS } from '@ofw/test-kit/fixtures';

/*
 * docs/PAYMENTS.md "3D Secure policy" through both drivers against apps/payments-sandbox: the `braintree` driver on the
 * real npm braintree SDK (the sandbox's Braintree gateway API), the `sandbox` driver on the sandbox's own API. Card
 * nonces come the way the page makes them: tokenized, then the 3DS lookup (and the challenge) of the sandbox's
 * browser API with a client token.
 */

const PAGE = 'http://localhost:3000';
const SUCCESS = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled']);

describe.each(['braintree', 'sandbox'] as const)('3D Secure policy (%s driver)', (driver) => {
  let sandbox: RunningSandbox;
  let gateway: PaymentGateway;
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1', allowedOrigins: [PAGE] });
    const env = braintreeDevEnv(sandbox.port, driver);
    gateway =
      driver === 'braintree'
        ? await createGateway(loadEnv({ ...env, SANDBOX_URL: sandbox.url }))
        : createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: 2_000 });
    t = await testApp({ sandboxUrl: sandbox.url, gateway, env });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const post = async (path: string, body: unknown, origin?: string) => {
    const res = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: JSON.stringify(body),
    });
    return await res.json();
  };
  /** Tokenizes a card number as the hosted fields do (no 3DS yet). */
  const tokenized = async (number: string): Promise<string> =>
    (
      (await post('/v1/tokenize', {
        authorization: await gateway.clientAuthorization('USD'),
        creditCard: { number, expirationDate: '12/30', cvv: '123' },
      })) as { creditCards: [{ nonce: string }] }
    ).creditCards[0].nonce;
  /** The nonce the page sends: tokenized, looked up (braintree-web `verifyCard`), and the challenge answered when asked. */
  const verified = async (
    number: string,
    o: { challengeRequested?: boolean; challenge?: 'complete' | 'fail' } = {},
  ) => {
    const authorization = await gateway.clientAuthorization('USD');
    const nonce = await tokenized(number);
    const lookup = (await post(
      '/v1/browser/three_d_secure/lookup',
      { authorization, nonce, amount: '216.00', bin: number.slice(0, 6), challengeRequested: o.challengeRequested },
      PAGE,
    )) as { lookup: { acsUrl: string | null; transactionId: string }; paymentMethod: { nonce: string } };
    if (!lookup.lookup.acsUrl) return lookup.paymentMethod.nonce;
    // the challenge frame's pages over HTTP: the provider's step-up page, the bank on its own origin, the notification
    const { jwt } = await answerChallenge(
      (url, init) => fetch(url, init),
      sandbox.url,
      lookup.lookup.transactionId,
      o.challenge ?? 'complete',
    );
    const done = (await post(
      '/v1/browser/three_d_secure/authenticate_from_jwt',
      { jwt, paymentMethodNonce: lookup.paymentMethod.nonce },
      PAGE,
    )) as { paymentMethod: { nonce: string } };
    return done.paymentMethod.nonce;
  };
  const parent = async () => {
    const email = `tds.${driver}.${++n}.${Date.now()}@example.com`;
    const p = await signup(t, {
      address: { country: 'US' },
      parent: { firstName: 'Tess', lastName: `D${n}`, email, phoneNumber: '2025550101' },
    });
    return { ...p, email };
  };
  const approvedFor = (email: string) =>
    sandbox.store
      .allTransactions()
      .filter((x) => x.type === 'sale' && x.customer.email === email && SUCCESS.has(x.status));

  /** The driver's charge of a verified card, outside any order. */
  const chargeDirect = async (number: string) =>
    gateway.charge({
      orderId: `ord_tds_${driver}_${++n}`,
      amount: '216.00',
      currencyCode: 'USD',
      paymentMethodNonce: await verified(number),
      customer: { firstName: 'T', lastName: 'D', email: `direct.${n}@example.com` },
      billingAddress: BILLING,
    });

  it('a card that is not enrolled (4111…, liability cannot shift) is sold without threeDSecure.required: paid, liabilityShifted false, a warning names the order and the 3DS status', async () => {
    expect(await chargeDirect(TEST_CARDS.visa.number)).toMatchObject({
      outcome: 'approved',
      threeDSecure: { liabilityShifted: false, liabilityShiftPossible: false, status: 'authentication_unavailable' },
    });
    const p = await parent();
    const kept = () => counterValue(t.deps.metrics.liabilityKeptTotal, { status: 'authentication_unavailable' });
    const before = await kept();
    const res = await order(t, p.authToken, `tds-${driver}-4111`, {
      paymentMethodNonce: await verified(TEST_CARDS.visa.number),
    });
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    expect(approvedFor(p.email)).toHaveLength(1);
    expect(t.logs.raw).toContain(LIABILITY_KEPT_MESSAGE);
    const warning = t.logs.raw.split('\n').find((l) => l.includes(LIABILITY_KEPT_MESSAGE) && l.includes(orderId));
    expect(warning).toContain('authentication_unavailable');
    // and counted: join_api_card_sales_without_liability_shift_total{status}
    expect(await kept()).toBe(before + 1);
  });

  it('a frictionless success (4000000000002701) is sold with threeDSecure.required and the liability shifted', async () => {
    expect(await chargeDirect(TEST_CARDS.visa3dsFrictionless.number)).toMatchObject({
      outcome: 'approved',
      threeDSecure: { liabilityShifted: true, status: 'authenticate_successful' },
    });
  });

  it.each([
    [
      '4000000000002925 (Braintree "Failed No-Challenge Authentication")',
      (v: typeof verified) => v(TEST_CARDS.visa3dsFailed.number),
    ],
    [
      'a failed challenge (4000000000002503)',
      (v: typeof verified) => v(TEST_CARDS.visa3dsChallenge.number, { challenge: 'fail' }),
    ],
  ])('%s is refused 402 gateway_rejected (authentication_failed) with no money taken', async (_name, make) => {
    const p = await parent();
    const res = await order(t, p.authToken, `tds-${driver}-fail-${++n}`, { paymentMethodNonce: await make(verified) });
    expect(res.status).toBe(402);
    // the category only: the gateway's rejection reason stays in the logs (card testers learn nothing more)
    expect(await res.json()).toMatchObject({ code: 'gateway_rejected', declineCategory: 'authentication_failed' });
    expect(approvedFor(p.email)).toHaveLength(0);
  });

  it('a card nonce that never went through the 3DS lookup is refused as before (402 authentication_failed), nothing charged', async () => {
    const p = await parent();
    const res = await order(t, p.authToken, `tds-${driver}-no3ds`, {
      paymentMethodNonce: await tokenized(TEST_CARDS.visa.number),
    });
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ code: 'gateway_rejected', declineCategory: 'authentication_failed' });
    expect(approvedFor(p.email)).toHaveLength(0);
  });

  it('docs/PAYMENTS.md "3D Secure policy" step-up: the soft decline 2099 answers 402 authentication_required and keeps the key open for ONE retry with a challenged nonce; replays and other bodies keep their answers', async () => {
    const p = await parent();
    const key = `tds-${driver}-stepup`;
    const first = { paymentMethodNonce: await verified(TEST_CARDS.visaStepUp.number) };
    const soft = await order(t, p.authToken, key, first);
    expect(soft.status).toBe(402);
    const problem = (await soft.json()) as { code: string; orderId: string };
    expect(problem).toMatchObject({ code: 'authentication_required' });
    expect(problem).not.toHaveProperty('processorResponseCode'); // the processor's words stay in the logs
    // a replay of the identical first request answers the same 402, charging nothing
    const replay = await order(t, p.authToken, key, first);
    expect(replay.status).toBe(402);
    expect(await replay.json()).toMatchObject({ code: 'authentication_required', orderId: problem.orderId });
    // another change to the body (another package) is still 422 key_reused
    const other = await order(t, p.authToken, key, {
      packageId: 2054,
      paymentMethodNonce: await verified(TEST_CARDS.visaStepUp.number, { challengeRequested: true }),
    });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: 'idempotency_key_reused' });
    // the step-up: same key, same body but the new nonce authenticated through a challenge
    const stepUp = { paymentMethodNonce: await verified(TEST_CARDS.visaStepUp.number, { challengeRequested: true }) };
    const paid = await order(t, p.authToken, key, stepUp);
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({ orderId: problem.orderId, status: 'paid' });
    expect(approvedFor(p.email)).toHaveLength(1);
    // replays: the step-up request answers its 201, the first its 402; a second step-up is refused
    expect((await order(t, p.authToken, key, stepUp)).status).toBe(201);
    expect((await order(t, p.authToken, key, first)).status).toBe(402);
    const again = await order(t, p.authToken, key, {
      paymentMethodNonce: await verified(TEST_CARDS.visa3dsFrictionless.number),
    });
    expect(again.status).toBe(422);
    expect(approvedFor(p.email)).toHaveLength(1);
  });

  it('docs/PAYMENTS.md "3D Secure policy" step-up: exactly one per key — a second 2099 is a final 402 processor_declined', async () => {
    const p = await parent();
    const key = `tds-${driver}-stepup-twice`;
    expect(
      await (
        await order(t, p.authToken, key, { paymentMethodNonce: await verified(TEST_CARDS.visaStepUp.number) })
      ).json(),
    ).toMatchObject({ code: 'authentication_required' });
    // the retry's nonce did not go through a challenge: the bank soft-declines again
    const second = await order(t, p.authToken, key, {
      paymentMethodNonce: await verified(TEST_CARDS.visaStepUp.number),
    });
    expect(second.status).toBe(402);
    expect(await second.json()).toMatchObject({ code: 'processor_declined', declineCategory: 'authentication_failed' });
    const third = await order(t, p.authToken, key, {
      paymentMethodNonce: await verified(TEST_CARDS.visaStepUp.number, { challengeRequested: true }),
    });
    expect(third.status).toBe(422);
    expect(approvedFor(p.email)).toHaveLength(0);
  });
});

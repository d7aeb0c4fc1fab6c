import { describe, expect, it } from 'vitest';
import { answerChallenge } from '../src/challenge-walk.js';
import { ACS_ORIGIN, makeApp } from './helpers.js';

/**
 * docs/PAYMENTS.md "3D Secure policy" on the sandbox's own server API (join-api's `sandbox` driver): the sandbox knows the
 * nonce, so it applies the rule join-api's braintree driver applies with Braintree — the sale requires the liability
 * shift only where the lookup made one possible; where it could not shift the card is sold and the merchant keeps the
 * liability; a card nonce that never went through the lookup, or whose authentication failed, is refused with no money
 * taken.
 */
describe('3D Secure policy on the sandbox server API (docs/PAYMENTS.md)', () => {
  it('4111 1111 1111 1111 looks up with no liability shift possible (Braintree "Authentication Not Available on Lookup") and pays, liability not shifted', async () => {
    const { lookedUp, charge } = makeApp();
    const { nonce, body } = await lookedUp('4111111111111111');
    expect(body.lookup.acsUrl).toBeNull();
    expect(body.paymentMethod).toMatchObject({ liabilityShifted: false, liabilityShiftPossible: false });
    expect(body.threeDSecureInfo.status).toBe('authentication_unavailable');
    const paid = await charge({ paymentMethodNonce: nonce, options: { submitForSettlement: true } });
    expect(paid.body.transaction).toMatchObject({
      status: 'submitted_for_settlement',
      paymentInstrumentType: 'credit_card',
      threeDSecureInfo: {
        liabilityShifted: false,
        liabilityShiftPossible: false,
        status: 'authentication_unavailable',
      },
    });
  });

  it('a card nonce that never went through the 3DS lookup is gateway_rejected three_d_secure and used up (nothing charged)', async () => {
    const { tokenize, charge } = makeApp();
    const nonce = (await tokenize('4111111111111111')).body.creditCards[0].nonce as string;
    const refused = await charge({ paymentMethodNonce: nonce });
    expect(refused.body.transaction).toMatchObject({
      status: 'gateway_rejected',
      gatewayRejectionReason: 'three_d_secure',
    });
    expect((await charge({ paymentMethodNonce: nonce })).body.error.code).toBe('91564');
  });

  it('4000000000002925 (Braintree "Failed No-Challenge Authentication", authenticate_frictionless_failed: "prompt customers for another form of payment") is refused, nothing charged', async () => {
    const { lookedUp, charge } = makeApp();
    const { nonce, body } = await lookedUp('4000000000002925');
    expect(body.threeDSecureInfo.status).toBe('authenticate_frictionless_failed');
    const refused = await charge({ paymentMethodNonce: nonce });
    expect(refused.body.transaction).toMatchObject({
      status: 'gateway_rejected',
      gatewayRejectionReason: 'three_d_secure',
    });
  });

  it('4000000000002701 (frictionless success) pays with the liability shifted', async () => {
    const { lookedUp, charge } = makeApp();
    const paid = await charge({ paymentMethodNonce: (await lookedUp('4000000000002701')).nonce });
    expect(paid.body.transaction).toMatchObject({ status: 'authorized', threeDSecureInfo: { liabilityShifted: true } });
  });

  it('Braintree test amount 2099.00 is the soft decline 2099 "Cardholder Authentication Required"', async () => {
    const { lookedUp, charge } = makeApp();
    const declined = await charge({
      paymentMethodNonce: (await lookedUp('4000000000002701')).nonce,
      amount: '2099.00',
    });
    expect(declined.body.transaction).toMatchObject({
      status: 'processor_declined',
      processorResponseCode: '2099',
      processorResponseText: 'Cardholder Authentication Required',
    });
  });

  it('the sandbox card 4000000000002099 soft-declines 2099 until it is authenticated through a challenge (challengeRequested: true); a failed challenge is refused', async () => {
    const { lookedUp, charge, app, acsApp } = makeApp();
    const frictionless = await lookedUp('4000000000002099');
    expect(frictionless.body.lookup.acsUrl).toBeNull();
    expect(frictionless.body.paymentMethod.liabilityShiftPossible).toBe(false);
    const soft = await charge({ paymentMethodNonce: frictionless.nonce });
    expect(soft.body.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2099' });

    async function challenged(outcome: 'complete' | 'fail'): Promise<string> {
      const { body } = await lookedUp('4000000000002099', { challengeRequested: true });
      expect(new URL(body.lookup.acsUrl!).origin).toBe(ACS_ORIGIN); // the bank's own origin
      // the challenge frame's pages, in process: the bank's on its app, the provider's on the sandbox's
      const send = (url: string, init?: RequestInit) =>
        Promise.resolve((new URL(url).origin === ACS_ORIGIN ? acsApp : app).request(url, init));
      const { jwt } = await answerChallenge(send, 'http://localhost', body.lookup.transactionId, outcome);
      const exchanged = await app.request('/v1/browser/three_d_secure/authenticate_from_jwt', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ jwt, paymentMethodNonce: body.paymentMethod.nonce }),
      });
      return ((await exchanged.json()) as { paymentMethod: { nonce: string } }).paymentMethod.nonce;
    }
    const paid = await charge({ paymentMethodNonce: await challenged('complete') });
    expect(paid.body.transaction).toMatchObject({ status: 'authorized', threeDSecureInfo: { liabilityShifted: true } });
    const failed = await charge({ paymentMethodNonce: await challenged('fail') });
    expect(failed.body.transaction).toMatchObject({
      status: 'gateway_rejected',
      gatewayRejectionReason: 'three_d_secure',
    });
  });
});

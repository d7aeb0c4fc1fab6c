import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_NONCES, outcomeForAmount, startSandbox, type RunningSandbox } from 'payments-sandbox';
import { order, signup, testApp, type TestApp } from './helpers.js';

/** Braintree's static nonce of a card authenticated with 3D Secure (the sandbox refuses card nonces without 3DS). */
const THREE_DS_NONCE = 'fake-three-d-secure-visa-full-authentication-nonce';

/** The `sandbox` gateway against apps/payments-sandbox itself (docs/CONTRACTS.md "Sandbox server API"). */
describe('sandbox gateway ↔ apps/payments-sandbox', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
    t = await testApp({ sandboxUrl: sandbox.url });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('docs/PAYMENTS.md "3D Secure policy": a 3DS-authenticated card nonce is charged once at the re-priced amount and replays without a second charge', async () => {
    const p = await signup(t);
    const res = await order(t, p.authToken, 'real-sandbox-01', { paymentMethodNonce: THREE_DS_NONCE });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      orderId: string;
      receipt: { cardBrand: string; last4: string; amount: number };
    };
    expect(body.receipt).toMatchObject({ amount: 216, cardBrand: 'Visa' });
    expect(body.receipt.last4).toMatch(/^\d{4}$/);
    expect(sandbox.store.transactionsFor(body.orderId)).toHaveLength(1);
    expect(sandbox.store.transactionsFor(body.orderId)[0]!.amount).toBe('216.00');
    expect((await order(t, p.authToken, 'real-sandbox-01', { paymentMethodNonce: THREE_DS_NONCE })).status).toBe(201);
    expect(sandbox.store.transactionsFor(body.orderId)).toHaveLength(1);
  });

  it('§8: the sandbox decline (processor declined 2000) answers 402 naming it; an unknown nonce is 422 payment_method_expired', async () => {
    const p = await signup(t, {
      address: { country: 'US' },
      parent: { firstName: 'D', lastName: 'C', email: 'dc@example.com', phoneNumber: '2025550111' },
    });
    // a declining card (Braintree's 2000 card) after a 3DS lookup that found authentication unavailable
    const card = FAKE_NONCES['fake-processor-declined-visa-nonce'] as Exclude<
      (typeof FAKE_NONCES)[string],
      { error: unknown }
    >;
    const nonce = sandbox.store.createNonce({ ...card, forced: outcomeForAmount(200_000) });
    sandbox.store.setThreeDSecure(nonce, {
      status: 'authentication_unavailable',
      liabilityShifted: false,
      liabilityShiftPossible: false,
      enrolled: 'U',
      threeDSecureVersion: '2.2.0',
    });
    const declined = await order(t, p.authToken, 'real-sandbox-02', { paymentMethodNonce: nonce });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ code: 'processor_declined', declineCategory: 'card_declined' });
    const unknown = await order(t, p.authToken, 'real-sandbox-03', { paymentMethodNonce: 'tokencc_not_a_nonce' });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ code: 'payment_method_expired' });
  });
});

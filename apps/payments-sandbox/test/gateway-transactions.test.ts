/**
 * Braintree's transactions through the gateway API (the real braintree SDK against the sandbox): order ids, test
 * amounts, threeDSecure.required, search and find, void and refund.
 */
import { describe, expect, it } from 'vitest';
import { cardNonce, codes, gateway, sandbox, search, unique, useGatewaySandbox } from './gateway-sdk.js';

useGatewaySandbox();

describe('Braintree gateway API (real braintree SDK 3.40 against the sandbox)', () => {
  it('Braintree rule: orderId is never deduplicated — two sales with one orderId are two transactions', async () => {
    const orderId = unique('order');
    const a = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: await cardNonce(), orderId });
    const b = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: await cardNonce(), orderId });
    expect(a.transaction.id).not.toBe(b.transaction.id);
    expect((await search((s) => s.orderId().is(orderId))).map((t) => t.id)).toEqual([
      a.transaction.id,
      b.transaction.id,
    ]);
  });

  it('Braintree rule: test amounts — 2000.00–2999.99 processor_declined with that code, 3000.00 failed', async () => {
    const declined = await gateway.transaction.sale({ amount: '2001.00', paymentMethodNonce: 'fake-valid-nonce' });
    expect(declined.success).toBe(false);
    expect(declined.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2001' });
    expect(declined.message).toBe('Insufficient Funds');
    const failed = await gateway.transaction.sale({ amount: '3000.00', paymentMethodNonce: 'fake-valid-nonce' });
    expect(failed.transaction).toMatchObject({ status: 'failed', processorResponseCode: '3000' });
    const fakeDeclined = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-processor-declined-visa-nonce',
    });
    expect(fakeDeclined.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2000' });
  });

  it('Braintree rule: threeDSecure.required rejects a card nonce without 3DS (gateway_rejected three_d_secure) and passes a successful 3DS', async () => {
    const plain = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: await cardNonce(),
      options: { threeDSecure: { required: true } },
    });
    expect(plain.success).toBe(false);
    expect(plain.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'three_d_secure' });
    const full = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-three-d-secure-visa-full-authentication-nonce',
      options: { threeDSecure: { required: true } },
    });
    expect(full.success).toBe(true);
    expect(full.transaction.threeDSecureInfo).toMatchObject({
      liabilityShifted: true,
      status: 'authenticate_successful',
    });
    const failedAuth = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-three-d-secure-visa-failed-authentication-nonce',
    });
    expect(failedAuth.transaction.gatewayRejectionReason).toBe('three_d_secure');

    // the sandbox's own 3DS lookup (frictionless success card) yields a nonce that passes
    const clientToken = (await gateway.clientToken.generate({})).clientToken;
    const lookup = await fetch(`${sandbox.url}/v1/browser/three_d_secure/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ authorization: clientToken, nonce: await cardNonce('4000000000002701'), amount: '10.00' }),
    });
    const looked = (await lookup.json()) as { paymentMethod: { nonce: string } };
    const viaLookup = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: looked.paymentMethod.nonce,
      options: { threeDSecure: { required: true } },
    });
    expect(viaLookup.success).toBe(true);
    expect(viaLookup.transaction.threeDSecureInfo?.liabilityShifted).toBe(true);
  });

  it('Braintree rule: required: true fails whenever liability cannot shift — a looked-up 4111 nonce (authentication_unavailable) is rejected three_d_secure with it and sold without it; the step-up card soft-declines 2099', async () => {
    const clientToken = (await gateway.clientToken.generate({})).clientToken;
    const lookedUp = async (number: string) => {
      const lookup = await fetch(`${sandbox.url}/v1/browser/three_d_secure/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ authorization: clientToken, nonce: await cardNonce(number), amount: '10.00' }),
      });
      return ((await lookup.json()) as { paymentMethod: { nonce: string } }).paymentMethod.nonce;
    };
    const required = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: await lookedUp('4111111111111111'),
      options: { threeDSecure: { required: true } },
    });
    expect(required.success).toBe(false);
    expect(required.transaction).toMatchObject({
      status: 'gateway_rejected',
      gatewayRejectionReason: 'three_d_secure',
    });
    const merchantLiable = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: await lookedUp('4111111111111111'),
    });
    expect(merchantLiable.success).toBe(true);
    expect(merchantLiable.transaction.threeDSecureInfo).toMatchObject({
      liabilityShifted: false,
      status: 'authentication_unavailable',
    });
    const soft = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: await lookedUp('4000000000002099'),
    });
    expect(soft.success).toBe(false);
    expect(soft.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2099' });
  });

  it('transaction.search by orderId and by customerEmail returns every matching transaction; find returns one', async () => {
    const email = `${unique('buyer')}@example.com`;
    const orderId = unique('order');
    const sales = [];
    for (const amount of ['10.00', '2000.00', '12.00']) {
      sales.push(
        await gateway.transaction.sale({
          amount,
          paymentMethodNonce: 'fake-valid-nonce',
          orderId,
          customer: { email, firstName: 'Ada', lastName: 'Lovelace' },
        }),
      );
    }
    const byEmail = await search((s) => s.customerEmail().is(email));
    expect(byEmail.map((t) => t.id)).toEqual(sales.map((r) => r.transaction.id));
    expect(byEmail[1]?.status).toBe('processor_declined');
    expect(byEmail[0]?.customer).toMatchObject({ email, firstName: 'Ada' });
    expect(await search((s) => s.orderId().is(orderId))).toHaveLength(3);
    expect(await search((s) => s.orderId().is(unique('none')))).toHaveLength(0);
    const found = await gateway.transaction.find(sales[0]!.transaction.id);
    expect(found).toMatchObject({ orderId, amount: '10.00', currencyIsoCode: 'USD', status: 'authorized' });
    await expect(gateway.transaction.find('nope')).rejects.toMatchObject({ type: 'notFoundError' });
  });

  it('Braintree rule: void only authorized / submitted_for_settlement (91504); refund only settled/settling (91506); testing.settle', async () => {
    const authorized = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce' });
    const voided = await gateway.transaction.void(authorized.transaction.id);
    expect(voided.transaction.status).toBe('voided');
    expect(codes(await gateway.transaction.void(authorized.transaction.id))).toEqual(['91504']);

    const submitted = await gateway.transaction.sale({
      amount: '20.00',
      paymentMethodNonce: 'fake-valid-nonce',
      options: { submitForSettlement: true },
    });
    expect(submitted.transaction.status).toBe('submitted_for_settlement');
    expect(codes(await gateway.transaction.refund(submitted.transaction.id))).toEqual(['91506']);
    await gateway.testing.settle(submitted.transaction.id);
    expect((await gateway.transaction.find(submitted.transaction.id)).status).toBe('settled');
    expect(codes(await gateway.transaction.void(submitted.transaction.id))).toEqual(['91504']);
    const partial = await gateway.transaction.refund(submitted.transaction.id, '5.00');
    expect(partial.success).toBe(true);
    expect(partial.transaction).toMatchObject({
      type: 'credit',
      amount: '5.00',
      refundedTransactionId: submitted.transaction.id,
    });
    const rest = await gateway.transaction.refund(submitted.transaction.id);
    expect(rest.transaction.amount).toBe('15.00');
    expect(codes(await gateway.transaction.refund(submitted.transaction.id))).toEqual(['91512']);
    expect((await gateway.transaction.find(submitted.transaction.id)).refundIds).toHaveLength(2);
  });
});

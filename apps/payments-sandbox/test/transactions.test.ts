import { describe, expect, it } from 'vitest';
import { THREE_DS_NONCE, makeApp } from './helpers.js';

describe('tokenization (docs/PAYMENTS.md, spec §3 "Tokenized card result")', () => {
  it('§3 returns a single-use nonce with the tokenized card result', async () => {
    const { tokenize } = makeApp();
    const { status, body } = await tokenize('4111 1111 1111 1111');
    expect(status).toBe(201);
    const card = body.creditCards[0];
    expect(card.nonce).toMatch(/^tokencc_sb_/);
    expect(card.type).toBe('CreditCard');
    expect(card.description).toBe('ending in 11');
    expect(card.details).toMatchObject({
      bin: '411111',
      cardType: 'Visa',
      lastFour: '1111',
      lastTwo: '11',
      expirationMonth: '12',
      expirationYear: '2030',
    });
    expect(card.binData).toHaveProperty('prepaid');
  });

  it('§8 rejects a malformed authorization with 401 and the client message', async () => {
    const { post } = makeApp();
    const response = await post('/v1/tokenize', {
      authorization: 'not-a-key',
      creditCard: { number: '4111111111111111' },
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toBe(
      'Authorization is invalid. Make sure your client token or tokenization key is valid.',
    );
  });

  it('§8 rejects an invalid card with 422 "Credit card is invalid" and field errors', async () => {
    const { tokenize } = makeApp();
    const { status, body } = await tokenize('4111111111111112', { cvv: '1' });
    expect(status).toBe(422);
    expect(body.error.message).toBe('Credit card is invalid');
    expect((body.fieldErrors[0].fieldErrors as Array<{ code: string }>).map((e) => e.code)).toEqual(['81715', '81707']);
  });
});

describe('transactions (docs/CONTRACTS.md "Sandbox server API", Braintree sandbox behaviour)', () => {
  it('4111111111111111 authorizes', async () => {
    const { lookedUp, charge } = makeApp();
    const nonce = (await lookedUp('4111111111111111')).nonce;
    const { status, body } = await charge({ paymentMethodNonce: nonce });
    expect(status).toBe(200);
    expect(body.transaction).toMatchObject({
      status: 'authorized',
      processorResponseCode: '1000',
      creditCard: { cardType: 'Visa', last4: '1111', bin: '411111' },
    });
  });

  it('submitForSettlement gives submitted_for_settlement', async () => {
    const { charge } = makeApp();
    const { body } = await charge({ paymentMethodNonce: THREE_DS_NONCE, options: { submitForSettlement: true } });
    expect(body.transaction.status).toBe('submitted_for_settlement');
  });

  it('4000111111111115 is processor-declined 2000 Do Not Honor', async () => {
    const { lookedUp, charge } = makeApp();
    const nonce = (await lookedUp('4000111111111115')).nonce;
    const { body } = await charge({ paymentMethodNonce: nonce });
    expect(body.transaction).toMatchObject({
      status: 'processor_declined',
      processorResponseCode: '2000',
      processorResponseText: 'Do Not Honor',
    });
  });

  it.each([
    ['2000.00', 'processor_declined', '2000'],
    ['2001.00', 'processor_declined', '2001'],
    ['2999.99', 'processor_declined', '2999'],
    ['1999.99', 'authorized', '1000'],
    ['3000.50', 'failed', '3000'],
    ['3001.00', 'authorized', '1000'],
  ])('amount %s → %s (%s)', async (amount, status, code) => {
    const { charge } = makeApp();
    const { body } = await charge({ paymentMethodNonce: THREE_DS_NONCE, amount });
    expect(body.transaction.status).toBe(status);
    expect(body.transaction.processorResponseCode).toBe(code);
  });

  it('amount 5001.00 is gateway-rejected (application_incomplete)', async () => {
    const { charge } = makeApp();
    const { body } = await charge({ paymentMethodNonce: THREE_DS_NONCE, amount: '5001.00' });
    expect(body.transaction).toMatchObject({
      status: 'gateway_rejected',
      gatewayRejectionReason: 'application_incomplete',
    });
  });

  it.each([
    ['fake-gateway-rejected-fraud-nonce', 'gateway_rejected'],
    [THREE_DS_NONCE, 'authorized'],
    // a card nonce that never went through the 3DS lookup is refused (docs/PAYMENTS.md "3D Secure policy")
    ['fake-valid-amex-nonce', 'gateway_rejected'],
    ['fake-processor-declined-visa-nonce', 'gateway_rejected'],
  ])('static nonce %s → %s', async (nonce, status) => {
    const { charge } = makeApp();
    const { body } = await charge({ paymentMethodNonce: nonce });
    expect(body.transaction.status).toBe(status);
  });

  it('a nonce is single-use (91564, as a Braintree sale) and an unknown one is refused (91565)', async () => {
    const { lookedUp, charge } = makeApp();
    const nonce = (await lookedUp('4111111111111111')).nonce;
    expect((await charge({ paymentMethodNonce: nonce })).status).toBe(200);
    const second = await charge({ paymentMethodNonce: nonce });
    expect(second.status).toBe(422);
    expect(second.body.error.code).toBe('91564');
    const unknown = await charge({ paymentMethodNonce: 'tokencc_sb_nope' });
    expect(unknown.body.error.code).toBe('91565');
    expect((await charge({ paymentMethodNonce: 'fake-consumed-nonce' })).body.error.code).toBe('91564');
  });

  it('no orderId deduplication: every POST is a new transaction and consumes its nonce (Braintree has none)', async () => {
    const { lookedUp, charge, app } = makeApp();
    const first = await charge({
      paymentMethodNonce: (await lookedUp('4111111111111111')).nonce,
      orderId: 'o-1',
    });
    const again = await charge({
      paymentMethodNonce: (await lookedUp('4111111111111111')).nonce,
      orderId: 'o-1',
    });
    expect(again.body.transaction.status).toBe('authorized');
    expect(again.body.transaction.id).not.toBe(first.body.transaction.id);
    const lookup = await app.request('/v1/transactions?orderId=o-1');
    const body = (await lookup.json()) as { transaction: { id: string }; transactions: { id: string }[] };
    // the successful one (the first of them), and every transaction of the order, oldest first
    expect(body.transaction.id).toBe(first.body.transaction.id);
    expect(body.transactions.map((t) => t.id)).toEqual([first.body.transaction.id, again.body.transaction.id]);
    expect((await app.request('/v1/transactions?orderId=unknown')).status).toBe(404);
  });

  it('POST /v1/transactions/{id}/void voids an authorized sale once; 422 (91504) otherwise', async () => {
    const { charge, post } = makeApp();
    const { body } = await charge({ paymentMethodNonce: THREE_DS_NONCE });
    const voided = await post(`/v1/transactions/${body.transaction.id}/void`, {});
    expect(voided.status).toBe(200);
    expect((await voided.json()).transaction.status).toBe('voided');
    const twice = await post(`/v1/transactions/${body.transaction.id}/void`, {});
    expect(twice.status).toBe(422);
    expect((await twice.json()).error.code).toBe('91504');
    const declined = await charge({ paymentMethodNonce: 'fake-processor-declined-visa-nonce' });
    expect((await post(`/v1/transactions/${declined.body.transaction.id}/void`, {})).status).toBe(422);
    expect((await post('/v1/transactions/nope/void', {})).status).toBe(404);
  });

  it('after a decline the same order can be paid with another card', async () => {
    const { lookedUp, charge } = makeApp();
    const declined = await charge({
      paymentMethodNonce: (await lookedUp('4000111111111115')).nonce,
      orderId: 'o-2',
    });
    expect(declined.body.transaction.status).toBe('processor_declined');
    const paid = await charge({
      paymentMethodNonce: (await lookedUp('4111111111111111')).nonce,
      orderId: 'o-2',
    });
    expect(paid.body.transaction.status).toBe('authorized');
    expect(paid.body.transaction.id).not.toBe(declined.body.transaction.id);
  });

  it('rejects a malformed request with 400', async () => {
    const { charge } = makeApp();
    expect((await charge({ paymentMethodNonce: THREE_DS_NONCE, amount: '216' })).status).toBe(400);
  });
});

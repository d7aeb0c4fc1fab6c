import { describe, expect, it } from 'vitest';
import { PARENT, makeApp } from './helpers.js';

describe('wallet popups (docs/PAYMENTS.md, spec §3 "Other wallet and bank results")', () => {
  it('the Venmo popup offers Approve and Cancel to an allowed parent origin only', async () => {
    const { app } = makeApp();
    const ok = await app.request(
      `/wallets/venmo/popup?origin=${encodeURIComponent(PARENT)}&amount=216.00&currency=USD`,
    );
    const html = await ok.text();
    expect(ok.status).toBe(200);
    expect(html).toContain('<button type="button" id="approve">Approve</button>');
    expect(html).toContain('<button type="button" id="cancel">Cancel</button>');
    expect(html).toContain('216.00 USD');
    expect((await app.request('/wallets/venmo/popup?origin=https%3A%2F%2Fevil.example')).status).toBe(403);
    expect((await app.request(`/wallets/bitcoin/popup?origin=${encodeURIComponent(PARENT)}`)).status).toBe(400);
  });

  it('approving Venmo returns a VenmoAccount nonce with an @username that charges once', async () => {
    const { app, charge } = makeApp();
    const payload = await (await app.request('/v1/wallets/venmo/approve', { method: 'POST' })).json();
    expect(payload).toMatchObject({ type: 'VenmoAccount', details: { username: '@venmojoe' } });
    expect(payload.details.paymentContextId).toBeTruthy();
    const paid = await charge({ paymentMethodNonce: payload.nonce });
    expect(paid.body.transaction).toMatchObject({ status: 'authorized', paymentInstrumentType: 'venmo_account' });
    expect((await charge({ paymentMethodNonce: payload.nonce })).body.error.code).toBe('91564');
  });

  it('approving PayPal returns a PayPalAccount nonce', async () => {
    const { app, charge } = makeApp();
    const payload = await (await app.request('/v1/wallets/paypal/approve', { method: 'POST' })).json();
    expect(payload).toMatchObject({ type: 'PayPalAccount', details: { email: 'jane.doe@example.com' } });
    expect((await charge({ paymentMethodNonce: payload.nonce })).body.transaction.paymentInstrumentType).toBe(
      'paypal_account',
    );
  });
});

describe('server API: a wallet transaction names its account with braintree_node Transaction names', () => {
  it.each([
    ['fake-paypal-one-time-nonce', 'paypal_account', { paypalAccount: { payerEmail: 'jane.doe@example.com' } }],
    ['fake-venmo-account-nonce', 'venmo_account', { venmoAccount: { username: 'venmojoe' } }],
    ['fake-apple-pay-visa-nonce', 'apple_pay_card', { applePayCard: { cardType: 'Apple Pay - Visa', last4: '1881' } }],
  ])('%s → %s with its account (what the receipt names)', async (nonce, type, account) => {
    const { charge } = makeApp();
    const { transaction } = (await charge({ paymentMethodNonce: nonce })).body;
    expect(transaction).toMatchObject({ status: 'authorized', paymentInstrumentType: type, ...account });
    for (const other of ['paypalAccount', 'venmoAccount', 'applePayCard'].filter((k) => !(k in account)))
      expect(transaction).not.toHaveProperty(other);
  });
});

describe('Apple Pay stand-ins (spec §7)', () => {
  it('merchant validation returns a session; tokenize needs a token and returns an ApplePayCard nonce', async () => {
    const { app } = makeApp();
    const post = (path: string, body: unknown) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PARENT },
        body: JSON.stringify(body),
      });
    const session = await post('/v1/browser/apple-pay/sessions', {
      validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
      displayName: 'OurFamilyWizard',
      domainName: 'localhost',
    });
    expect((await session.json()).displayName).toBe('OurFamilyWizard');
    expect((await post('/v1/browser/apple-pay/sessions', { displayName: 'x' })).status).toBe(422);
    expect((await post('/v1/browser/apple-pay/tokenize', {})).status).toBe(422);
    const token = await (await post('/v1/browser/apple-pay/tokenize', { token: { paymentData: 'e30=' } })).json();
    expect(token.type).toBe('ApplePayCard');
    expect(token.nonce).toMatch(/^tokenapplepay_sb_/);
  });
});

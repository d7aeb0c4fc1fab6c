import { describe, expect, it } from 'vitest';
import { PARENT, makeApp } from './helpers.js';

describe('wallet popups (DESIGN.md §5, spec §3 "Other wallet and bank results")', () => {
  it('the Venmo popup offers Approve and Cancel to an allowed parent origin only', async () => {
    const { app } = makeApp();
    const ok = await app.request(`/wallets/venmo/popup?origin=${encodeURIComponent(PARENT)}&amount=216.00&currency=USD`);
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
    const payload = (await (await app.request('/v1/wallets/venmo/approve', { method: 'POST' })).json()) as any;
    expect(payload).toMatchObject({ type: 'VenmoAccount', details: { username: '@venmojoe' } });
    expect(payload.details.paymentContextId).toBeTruthy();
    const paid = await charge({ paymentMethodNonce: payload.nonce });
    expect(paid.body.transaction).toMatchObject({ status: 'authorized', paymentInstrumentType: 'venmo_account' });
    expect((await charge({ paymentMethodNonce: payload.nonce })).body.error.code).toBe('93107');
  });

  it('approving PayPal returns a PayPalAccount nonce', async () => {
    const { app, charge } = makeApp();
    const payload = (await (await app.request('/v1/wallets/paypal/approve', { method: 'POST' })).json()) as any;
    expect(payload).toMatchObject({ type: 'PayPalAccount', details: { email: 'jane.doe@example.com' } });
    expect((await charge({ paymentMethodNonce: payload.nonce })).body.transaction.paymentInstrumentType).toBe('paypal_account');
  });
});

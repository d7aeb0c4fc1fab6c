import { OrderResponseSchema } from '@ofw/api-client';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadPaidOrder, paidOrderOf, paidOrderStorageKey, savePaidOrder } from '../src/join/paid-order.js';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { fakeApi, parentState, renderApp } from './helpers.js';

/** A paid order's answer as join-api gives it (`POST /orders` 201), parsed by the contract. */
const answer = (receipt: Record<string, unknown>) =>
  OrderResponseSchema.parse({
    orderId: 'ord_77c1',
    status: 'paid',
    subscription: { status: 'current', packageId: 2061, startsAt: '2026-01-01', expiresAt: '2027-01-01' },
    receipt: {
      packageName: 'Essentials',
      years: 1,
      amount: 107.99,
      currencyCode: 'GBP',
      formattedAmount: '£107.99',
      discountAmount: 0,
      vatAmount: 18,
      cardBrand: 'MasterCard',
      last4: '4444',
      paymentMethod: { type: 'card', brand: 'MasterCard', last4: '4444' },
      receiptEmail: 'gwen@example.co.uk',
      transactionId: 't',
      ...receipt,
    },
  });

/** A parent of `country` who paid, on the step after payment (as after a reload), in `languageLocale`. */
function atAccount(country: 'US' | 'GB', languageLocale: string) {
  sessionStorage.setItem(
    STORAGE_KEYS.state,
    JSON.stringify({
      flow: 'join',
      isJoin: true,
      agreedToTerms: true,
      languageLocale,
      parent: { userId: 7, phoneCountryCode: country === 'GB' ? '+44' : '+1' },
      address: { country },
    }),
  );
  sessionStorage.setItem(
    STORAGE_KEYS.progress,
    JSON.stringify({
      step: 'account',
      signedIn: true,
      years: 1,
      billing: { streetAddress: '1', locality: 'S', region: 'R', postalCode: 'P' },
      coParentEmail: { email: '' },
    }),
  );
  return fakeApi((c) =>
    c.path === '/parents/7' && c.method === 'GET'
      ? {
          body: parentState({
            address: { country },
            languageLocale,
            agreedToTerms: true,
            billingAddressComplete: true,
            subscriptionStatus: 'current',
            isSubscriptionCurrent: true,
          }),
        }
      : undefined,
  );
}

const confirmation = () => screen.findByRole('region', { name: /Payment received|Pago recibido/ });

describe('the confirmation after paying (docs/RECEIPTS.md: package, amount, what paid, order number, receipt address)', () => {
  it('§3 Package.vatAmount / §9 "Essentials £107.99 (VAT 18)": a GBP order shows the amount and the VAT it includes, in pounds', async () => {
    const api = atAccount('GB', 'en-GB');
    savePaidOrder(7, paidOrderOf(answer({})));
    renderApp('/join', api);
    const shown = await confirmation();
    expect(shown).toHaveTextContent('Essentials, 1 year');
    expect(shown).toHaveTextContent('£107.99');
    expect(shown).toHaveTextContent('Includes £18.00 VAT');
    expect(shown).toHaveTextContent('MasterCard ending in 4444');
    expect(shown).toHaveTextContent('ord_77c1');
    expect(shown).toHaveTextContent('We e-mailed your receipt to gwen@example.co.uk.');
  });

  it('§1 languages: es-MX reads the confirmation in Spanish; money as the Pay button showed it (§4 payment currency region locale: $396.00, not "USD 396.00")', async () => {
    const api = atAccount('US', 'es-MX');
    savePaidOrder(
      7,
      paidOrderOf(
        answer({
          packageName: 'Premium',
          years: 2,
          amount: 396,
          currencyCode: 'USD',
          vatAmount: undefined,
          paymentMethod: { type: 'venmo', username: '@venmojoe' },
          receiptEmail: 'ana@example.com',
        }),
      ),
    );
    renderApp('/join', api);
    const shown = await confirmation();
    expect(shown).toHaveTextContent('Pago recibido');
    expect(shown).toHaveTextContent('Premium, 2 años');
    expect(shown).toHaveTextContent('$396.00');
    expect(shown).not.toHaveTextContent('IVA');
    expect(shown).toHaveTextContent('Venmo (@venmojoe)');
    expect(shown).toHaveTextContent('Enviamos tu recibo por correo electrónico a ana@example.com.');
  });

  it('§3 parent.timeZone: a term bought on 29 February 2028 at 23:30 in New York shows its end, 28 February 2029, in that zone', async () => {
    const api = atAccount('US', 'en-US');
    const paid = answer({ currencyCode: 'USD', vatAmount: undefined, timeZone: 'America/New_York' });
    // 2028-02-29 23:30 in New York is 1 March 04:30 UTC; the term ends 28 February 2029, 23:30 in New York
    const term = { startsAt: '2028-03-01T04:30:00.000Z', expiresAt: '2029-03-01T04:30:00.000Z' };
    savePaidOrder(7, paidOrderOf({ ...paid, subscription: { ...paid.subscription, ...term } }));
    renderApp('/join', api);
    const shown = await confirmation();
    expect(shown).toHaveTextContent('Subscription startsFebruary 29, 2028');
    expect(shown).toHaveTextContent('Subscription endsFebruary 28, 2029');
    expect(shown).not.toHaveTextContent('March 1');
  });

  it('§9 GBP: the VAT invoice number and the link of the printable receipt; in Spanish with Spanish dates', async () => {
    const api = atAccount('GB', 'es-MX');
    const receiptUrl = 'https://join.example/receipts/ord_77c1/c2lnbmF0dXJl';
    const paid = answer({ timeZone: 'Europe/London', invoiceNumber: 42, receiptUrl });
    const term = { startsAt: '2028-07-01T10:00:00.000Z', expiresAt: '2029-07-01T10:00:00.000Z' };
    savePaidOrder(7, paidOrderOf({ ...paid, subscription: { ...paid.subscription, ...term } }));
    renderApp('/join', api);
    const shown = await confirmation();
    expect(shown).toHaveTextContent('Número de factura con IVA42');
    expect(shown).toHaveTextContent('La suscripción termina1 de julio de 2029');
    const link = screen.getByRole('link', { name: 'Ver e imprimir tu recibo' });
    expect(link).toHaveAttribute('href', receiptUrl);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('§3 Apple Pay: the wallet is named with the card it used', async () => {
    const api = atAccount('US', 'en-US');
    const applePay = { type: 'apple_pay', brand: 'Visa', last4: '1881' };
    savePaidOrder(7, paidOrderOf(answer({ currencyCode: 'USD', vatAmount: undefined, paymentMethod: applePay })));
    renderApp('/join', api);
    expect(await confirmation()).toHaveTextContent('Apple Pay (Visa ending in 1881)');
  });

  it('an older server (no term, no receipt address) still gets a confirmation, without the lines it cannot fill', async () => {
    const api = atAccount('US', 'en-US');
    const old = answer({ currencyCode: 'USD', vatAmount: undefined, years: undefined, receiptEmail: undefined });
    savePaidOrder(7, paidOrderOf(old));
    renderApp('/join', api);
    const shown = await confirmation();
    expect(shown).toHaveTextContent('Essentials');
    expect(shown).not.toHaveTextContent('1 year');
    expect(shown).not.toHaveTextContent('e-mailed');
  });

  it('a stored confirmation belongs to its parent and must be one: another parent or a damaged value reads nothing', () => {
    savePaidOrder(7, paidOrderOf(answer({})));
    expect(loadPaidOrder(7)).toMatchObject({ orderId: 'ord_77c1', amount: 107.99, vatAmount: 18 });
    expect(loadPaidOrder(8)).toBeUndefined();
    sessionStorage.setItem(paidOrderStorageKey(7), JSON.stringify({ orderId: 'x', amount: 'lots' }));
    expect(loadPaidOrder(7)).toBeUndefined();
    sessionStorage.setItem(paidOrderStorageKey(7), '{');
    expect(loadPaidOrder(7)).toBeUndefined();
  });

  it('without a stored confirmation (paid in another tab, or an earlier lost answer) the step says only that the payment was received', async () => {
    const api = atAccount('US', 'en-US');
    renderApp('/join', api);
    expect(await screen.findByText(/^Payment received\. Choose how you will sign in/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment received' })).toBeNull();
  });
});

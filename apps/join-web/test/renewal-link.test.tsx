import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { card, payPalButton, resetPaymentFakesWithWallets } from './payment-fakes.js';
import { fakeApi, parentState, renderApp, type Call } from './helpers.js';

vi.mock('@ofw/payments/react', async (importOriginal) =>
  (await import('./payment-fakes.js')).fakePaymentStep(importOriginal),
);
beforeEach(resetPaymentFakesWithWallets);

const TOKEN = 'renewal-link-token-0123456789';
const LINK = `/renewal-links/${TOKEN}`;
const problem = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { type: `https://ofw.example/problems/${code}`, title: code, status, code, ...extra },
});
const subscription = (over: Record<string, unknown> = {}) => ({
  status: 'current',
  packageId: 2053,
  startsAt: '2026-01-01T12:00:00Z',
  expiresAt: '2027-01-01T12:00:00Z',
  autoRenew: true,
  paymentMethod: { type: 'card', brand: 'Visa', last4: '1111' },
  renewal: {
    amount: 216,
    currencyCode: 'USD',
    formattedAmount: '$216.00',
    chargeOn: '2026-12-31T12:00:00Z',
    state: 'scheduled',
    nextAttemptAt: null,
  },
  ...over,
});
const link = (purpose: string, over: Record<string, unknown> = {}) => ({
  purpose,
  languageLocale: 'en-US',
  firstName: 'Ada',
  packageName: 'Premium',
  subscription: subscription(over),
});
const config = {
  driver: 'sandbox',
  authorization: 'sandbox_0123456789abcdef_ofw_sandbox',
  sandboxUrl: 'http://localhost:3010',
  displayName: 'OurFamilyWizard',
  flags: { applePay: false, cadPayPal: false, venmo: false },
};

/** Opens /renewal/$token over a fake join-api that answers the link's requests with `answer`. */
function openLink(answer: (c: Call) => { status?: number; body?: unknown } | undefined) {
  const api = fakeApi((c) => (c.path.startsWith('/renewal-links/') || c.path === '/parents/7' ? answer(c) : undefined));
  return renderApp(`/renewal/${TOKEN}`, api);
}

describe('renewal link: turn off (docs/RENEWAL.md reminders)', () => {
  it('shows the subscription; opening the page sends nothing but the read — only the button turns renewal off', async () => {
    const { api } = openLink((c) =>
      c.path === LINK
        ? { body: link('turn_off_renewal') }
        : c.path === `${LINK}/turn-off`
          ? { body: link('turn_off_renewal', { autoRenew: false, renewal: null }) }
          : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your OurFamilyWizard subscription' })).toBeVisible();
    expect(await screen.findByText('Premium')).toBeInTheDocument();
    expect(screen.getByText('December 31, 2026')).toBeInTheDocument();
    expect(screen.getByText('$216.00')).toBeInTheDocument();
    expect(screen.getByText('Visa ending in 1111')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith(LINK)).map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET ${LINK}`,
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Turn off automatic renewal' }));
    expect(await screen.findByText('Renewal is off; your subscription runs to January 1, 2027.')).toBeVisible();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${LINK}/turn-off`]);
  });

  it('a used or expired link (404 link_invalid) is a dead end with a way onward, in the page’s language (es-MX)', async () => {
    sessionStorage.setItem(STORAGE_KEYS.state, JSON.stringify({ languageLocale: 'es-MX' }));
    openLink((c) => (c.path === LINK ? problem(404, 'link_invalid') : undefined));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace ya se usó o venció.');
    expect(screen.getByRole('link', { name: 'Inicia sesión en OurFamilyWizard' })).toHaveAttribute(
      'href',
      '/ofw/home.form',
    );
    expect(screen.getByRole('link', { name: 'vuelve a unirte' })).toHaveAttribute('href', '/join');
    expect(screen.queryByRole('button', { name: /Intentar/ })).toBeNull();
  });
});

/** The update-card link: the payment method answers come from `saves`, in turn. */
function openUpdate(saves: Array<() => { status?: number; body?: unknown }>) {
  const sent: Call[] = [];
  const rendered = openLink((c) => {
    if (c.path === LINK)
      return { body: link('update_payment_method', { renewal: { ...subscription().renewal, state: 'retrying' } }) };
    if (c.path === `${LINK}/payments-config`) return { body: config };
    if (c.path !== `${LINK}/payment-method`) return undefined;
    sent.push(c);
    return saves[sent.length - 1]!();
  });
  return { ...rendered, sent };
}

async function fillBillingAndSave(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Street address', {}, { timeout: 5000 }), '1 Main St');
  await user.type(screen.getByLabelText('City'), 'Seattle');
  await user.selectOptions(screen.getByLabelText('State'), 'WA');
  await user.type(screen.getByLabelText('ZIP code'), '98101');
  await user.click(screen.getByRole('button', { name: 'Save and pay $216.00' }));
}

const renewed = () => ({
  body: { outcome: 'renewed', subscription: subscription({ expiresAt: '2028-01-01T12:00:00Z' }) },
});

describe('renewal link: update the payment method after a declined renewal (docs/RENEWAL.md retries)', () => {
  it('the card is verified with 3D Secure for the renewal amount and saved with its nonce, billing address and an Idempotency-Key', async () => {
    const { sent } = openUpdate([renewed]);
    const user = userEvent.setup();
    await fillBillingAndSave(user);
    expect(
      await screen.findByText('Your card is saved and your subscription renewed until January 1, 2028.'),
    ).toBeVisible();
    expect(card.verified).toEqual([expect.objectContaining({ nonce: 'nonce-1', amount: 216 })]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      paymentMethodNonce: 'nonce-1',
      deviceData: 'device-data',
      billingAddress: { streetAddress: '1 Main St', locality: 'Seattle', region: 'WA', postalCode: '98101' },
    });
    expect(sent[0]!.headers.get('idempotency-key')).toBeTruthy();
    // the wallets are offered in their saving mode
    expect(payPalButton.rendered.at(-1)).toMatchObject({ vault: true });
  });

  it('a 402 decline shows its category’s message (as the payment step); another try is a new attempt with a new key', async () => {
    const { sent } = openUpdate([
      () => problem(402, 'processor_declined', { declineCategory: 'insufficient_funds' }),
      renewed,
    ]);
    const user = userEvent.setup();
    await fillBillingAndSave(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This card has insufficient funds. Please try another card.',
    );
    await user.click(screen.getByRole('button', { name: 'Save and pay $216.00' }));
    await screen.findByText(/Your card is saved/);
    expect(sent.map((c) => (c.body as { paymentMethodNonce: string }).paymentMethodNonce)).toEqual([
      'nonce-1',
      'nonce-2',
    ]);
    expect(sent[0]!.headers.get('idempotency-key')).not.toBe(sent[1]!.headers.get('idempotency-key'));
  });

  it('an answer that may be lost (503) is re-sent as is: the same Idempotency-Key and nonce, never a second charge', async () => {
    const { sent } = openUpdate([() => problem(503, 'payment_gateway_unavailable'), renewed]);
    const user = userEvent.setup();
    await fillBillingAndSave(user);
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Save and pay $216.00' }));
    await screen.findByText(/Your card is saved/);
    expect(sent[1]!.headers.get('idempotency-key')).toBe(sent[0]!.headers.get('idempotency-key'));
    expect(sent[1]!.body).toEqual(sent[0]!.body);
  });
});

describe('renewal link: come back (spec §4 "Pricing group": an expired subscription)', () => {
  it('Rejoin creates the session, then lands in /join as the signed-in parent, at the plans priced for them', async () => {
    const { api, history } = openLink((c) => {
      if (c.path === LINK) return { body: link('come_back', { status: 'expired', autoRenew: false, renewal: null }) };
      if (c.path === `${LINK}/session`) return { body: { userId: 7, authToken: 'tok' } };
      if (c.path === '/parents/7')
        return {
          body: parentState({ subscriptionStatus: 'expired', address: { country: 'US' }, agreedToTerms: true }),
        };
      return undefined;
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Rejoin' }));
    await waitFor(() => expect(history.location.pathname).toBe('/join'));
    expect(history.location.search).toContain('step=package');
    await screen.findByRole('heading', { level: 1, name: 'Choose your plan' }, { timeout: 5000 });
    const posts = api.calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts).toEqual([`${LINK}/session`]);
    // the plans are asked for as this parent (join-api prices an expired subscription's migration group)
    await waitFor(() => expect(api.calls.some((c) => c.path === '/packages')).toBe(true));
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.progress)!)).toMatchObject({ signedIn: true });
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.state)!)).toMatchObject({ parent: { userId: 7 } });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paymentAttemptStorageKey } from '../src/join/payment-attempt.js';
import { paidOrderStorageKey } from '../src/join/paid-order.js';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { fakeApi, renderApp, signedInJoin, signedInProgress, storeJoin } from './helpers.js';

/*
 * README "Sign out": on every step after the sign-up the header names the parent and offers "Not you? Sign out", as
 * a checkout does for someone who finds another person's order open. Signing out ends join-api's session
 * (POST /sessions/logout, docs/CONTRACTS.md "Sessions") and forgets the join in this tab.
 */

const signedIn = { ...signedInProgress, packageId: 2053 } as const;
const banner = () => screen.getByRole('banner');

describe('sign out', () => {
  it('is not offered before the sign-up (nobody is signed in yet)', async () => {
    renderApp('/join');
    await screen.findByRole('heading', { level: 1, name: 'Your details' });
    expect(within(banner()).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('after the sign-up: logs out, forgets the stored join and opens an empty /join on the details step', async () => {
    storeJoin(signedInJoin, { ...signedIn, step: 'terms' });
    sessionStorage.setItem(paymentAttemptStorageKey(7), JSON.stringify({ key: 'k', body: {} }));
    sessionStorage.setItem(paidOrderStorageKey(7), JSON.stringify({ orderId: 'ord_1', packageId: 2 }));
    const api = fakeApi();
    const { history } = renderApp('/join?step=terms', api);
    await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' });
    expect(banner()).toHaveTextContent('Signed in as ada@example.com. Not you?');

    await userEvent.setup().click(within(banner()).getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Your details' });
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/sessions/logout')).toHaveLength(1);
    await waitFor(() => expect(history.location.search).toBe('?step=details'));
    expect(history.location.pathname).toBe('/join');
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Phone number')).toHaveValue('');
    expect(within(banner()).queryByRole('button', { name: 'Sign out' })).toBeNull();
    // nothing of that parent stays in the tab: no stored join, no in-doubt payment attempt
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('ada@example.com');
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.progress) ?? '{}')).not.toHaveProperty('signedIn', true);
    expect(sessionStorage.getItem(paymentAttemptStorageKey(7))).toBeNull();
    expect(sessionStorage.getItem(paidOrderStorageKey(7))).toBeNull();
    // a deep link back to the terms now lands on the details: nothing is reached any more
    expect(screen.queryByRole('heading', { name: 'Terms and conditions' })).toBeNull();
  });

  it('a failed logout says so and forgets nothing, so Sign out can be pressed again', async () => {
    storeJoin(signedInJoin, { ...signedIn, step: 'terms' });
    let failing = true;
    const api = fakeApi((c) =>
      c.path === '/sessions/logout' && failing
        ? { status: 503, body: { type: 'about:blank', title: 'Unavailable', status: 503, code: 'internal_error' } }
        : undefined,
    );
    renderApp('/join?step=terms', api);
    await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' });
    const user = userEvent.setup();
    await user.click(within(banner()).getByRole('button', { name: 'Sign out' }));
    expect(await within(banner()).findByRole('alert')).toHaveTextContent('We could not sign you out.');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
    expect(sessionStorage.getItem(STORAGE_KEYS.state)).toContain('ada@example.com');
    failing = false;
    await user.click(within(banner()).getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Your details' });
  });
});

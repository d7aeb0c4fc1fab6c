import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp, signedInJoin, signedInProgress, storeJoin, type Call } from './helpers.js';

/*
 * README "Recoverable failures": a step whose request failed says why in the page's language and offers Try again,
 * which retries that request (a query's refetch, or the step's submit) — never the dead end "An unexpected error
 * occurred, please try again later.". A request without an answer is not retried behind the parent's back: they see
 * it at once.
 */

const NOT_LOADED = 'This step could not be loaded. Check your connection and try again.';
const TOO_LONG = 'The server took too long to answer. Check your connection and try again.';

/** A fake join-api whose first `count` answers to `path` fail as `fail` (then it answers as usual). */
function failingFirst(
  path: string,
  fail: 'network' | 'hang' | 503,
  count = 1,
  more: (c: Call) => undefined = () => undefined,
) {
  let left = count;
  const api = fakeApi((c) => {
    if (c.path !== path || left <= 0) return more(c);
    left -= 1;
    return fail === 503
      ? { status: 503, body: { type: 'about:blank', title: 'Unavailable', status: 503, code: 'internal_error' } }
      : { fail };
  });
  return { api, calls: () => api.calls.filter((c) => c.path === path) };
}

const TOKEN = 'invite-token-aaaaaaaaaaaa';

const atStep = (step: 'package' | 'terms' | 'payment' | 'account') =>
  storeJoin(signedInJoin, { ...signedInProgress, step, packageId: 2053 });

describe('recoverable failures', () => {
  it('plans whose request got no answer: the reason and Try again, which loads the plans (no automatic retry)', async () => {
    atStep('package');
    const { api, calls } = failingFirst('/packages', 'network');
    renderApp('/join?step=package', api);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NOT_LOADED);
    expect(calls()).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0));
    expect(screen.queryByText(NOT_LOADED)).toBeNull();
    expect(calls()).toHaveLength(2);
  });

  it('plans that did not answer within the API client’s timeout say the server took too long; Try again loads them', async () => {
    atStep('package');
    const { api, calls } = failingFirst('/packages', 'hang');
    renderApp('/join?step=package', api, {}, { apiTimeoutMs: 100 });
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_LONG);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0));
    expect(screen.queryByText(TOO_LONG)).toBeNull();
    expect(calls()).toHaveLength(2);
  });

  it('a 5xx is retried once by itself (a server hiccup), and only then shown with Try again', async () => {
    atStep('package');
    const { api, calls } = failingFirst('/packages', 503, 2);
    renderApp('/join?step=package', api);
    expect(await screen.findByRole('alert', undefined, { timeout: 8000 })).toHaveTextContent(NOT_LOADED);
    expect(calls()).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0));
  });

  it('the payment step whose config did not load offers Try again, which requests it again', async () => {
    atStep('payment');
    const { api, calls } = failingFirst('/payments/config', 'network', 2);
    renderApp('/join?step=payment', api);
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent(NOT_LOADED);
    expect(calls()).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('the account step: security questions that did not load come back with Try again', async () => {
    atStep('account');
    const { api } = failingFirst('/security-questions', 'network');
    renderApp('/join?step=account', api);
    expect(await screen.findByText(NOT_LOADED)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Question 1?' }).length).toBeGreaterThan(0));
    expect(screen.queryByText(NOT_LOADED)).toBeNull();
  });

  it('the account step: a parent that did not load is not a half form but the reason and Try again', async () => {
    atStep('account');
    const { api } = failingFirst('/parents/7', 'network');
    renderApp('/join?step=account', api);
    expect(await screen.findByText(NOT_LOADED)).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
  });

  it('the invited flow: an invalid invite (401) is not offered Try again — asking again cannot make it valid', async () => {
    const api = fakeApi((c) =>
      c.path === '/invites/family'
        ? { status: 401, body: { type: 'about:blank', title: 'No', status: 401, code: 'invalid_invite_token' } }
        : undefined,
    );
    renderApp(`/invite/${TOKEN}`, api);
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link no longer works');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // §2: the way onward is a new invitation (/invite/request)
    expect(screen.getByRole('link', { name: 'How to get a new invitation' })).toHaveAttribute(
      'href',
      '/invite/request',
    );
  });

  it('the invited flow: a family that did not load offers Try again, which loads it', async () => {
    const family = {
      familyMembers: [
        { userId: 4, firstName: 'Bo', lastName: 'X' },
        { userId: 5, firstName: 'Me', lastName: 'X' },
      ],
      userId: 5,
      coParentCountry: 'US',
    };
    let failed = false;
    const api = fakeApi((c) => {
      if (c.path !== '/invites/family') return undefined;
      if (!failed) {
        failed = true;
        return { fail: 'network' };
      }
      return { body: family };
    });
    renderApp(`/invite/${TOKEN}`, api);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your invitation.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your details' })).toBeInTheDocument();
    expect(within(document.body).getByText(/Bo X/)).toBeInTheDocument();
  });
});

import { getPackage } from '@ofw/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectLastNameAndEmailMissing } from './details-form.js';
import { fakeApi, fillDetails, renderApp } from './helpers.js';
import { STORAGE_KEYS } from '../src/state/join-state.js';

const premium1y = getPackage(2053)!; // Premium 1 year, the P3 (2k) series the fake join-api offers

describe('regular join screens', () => {
  it('§2 account details: labelled fields, phone code defaults to +1, country detected as US; step indicator marks step 1', async () => {
    renderApp('/join');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Country code')).toHaveValue('+1');
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveValue('US'));
    const current = screen.getByRole('navigation', { name: 'Sign-up progress' }).querySelector('[aria-current="step"]');
    expect(current).toHaveTextContent('Step 1 of 5: Your details');
  });

  it('§5 the country follows the phone code: +44 → GB, +61 → AU, other codes by label, +1 with a Canadian number → CA', async () => {
    const user = userEvent.setup();
    renderApp('/join');
    const code = await screen.findByLabelText('Country code');
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveValue('US'));
    await user.selectOptions(code, '+44');
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveValue('GB'));
    await user.selectOptions(code, '+61');
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveValue('AU'));
    // Other codes map by the country label of the API's list (§5): +52 → MX, which is not open for sign-up.
    await waitFor(() => expect(screen.getByRole('option', { name: 'Mexico (+52)' })).toBeInTheDocument());
    await user.selectOptions(code, '+52');
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveValue('MX'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Sign-up is not available in this country yet.')).toBeInTheDocument();
    await user.selectOptions(code, '+1');
    await user.type(screen.getByLabelText('Phone number'), '4165550123');
    await user.tab();
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveValue('CA'));
  });

  it('the Canadian check is sent only for a number GET /phone/canadian takes (CanadianPhoneQuerySchema, 4–20 digits)', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderApp('/join', api);
    const phone = await screen.findByLabelText('Phone number');
    const checks = () => api.calls.filter((c) => c.path === '/phone/canadian');
    // 21 digits: join-api would refuse the check (400); neither the blur nor Continue sends it
    await user.type(phone, '416555012345678901234');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a phone number of 4 to 20 digits.')).toBeInTheDocument();
    // a number it takes is checked (and detects CA): the check runs, only for that number
    await user.clear(phone);
    await user.type(phone, '4165550123');
    await user.tab();
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveValue('CA'));
    expect(checks().map((c) => c.search.get('phoneNumber'))).toEqual(['4165550123']);
  });

  it('invalid details are described on their fields and focus moves to the first one; nothing is posted', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderApp('/join', api);
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await expectLastNameAndEmailMissing();
    expect(api.calls.some((c) => c.path === '/signups')).toBe(false);
  });

  it('§2 Continue posts the signup, shows the USD tiers with total and monthly price; select → terms; Back keeps input', async () => {
    const api = fakeApi();
    renderApp('/join', api);
    const user = await fillDetails();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Choose your plan' });
    await waitFor(() => expect(heading).toHaveFocus());
    const signup = api.calls.find((c) => c.method === 'POST' && c.path === '/signups')!;
    expect(signup.body).toMatchObject({
      flow: 'join',
      address: { country: 'US' },
      parent: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phoneCountryCode: '+1',
        phoneNumber: '2065550123',
      },
    });

    const select = await waitFor(() => {
      const el = document.getElementById(premium1y.selectButtonId);
      if (!el) throw new Error('no select button yet');
      return el;
    });
    const card = select.closest('article')!;
    expect(within(card).getByText('$216.00')).toBeInTheDocument();
    expect(within(card).getByText('$18.00/month')).toBeInTheDocument();
    // The packages request went out with the parent's session (the API prices for their pricing group): the
    // HttpOnly cookie, never a bearer token.
    const packagesCall = api.calls.findLast((c) => c.path === '/packages')!;
    expect(packagesCall.headers.get('authorization')).toBeNull();
    expect(packagesCall.credentials).toBe('same-origin');

    await user.click(select);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
    // The step's content is its own chunk: it follows the heading.
    expect(await screen.findAllByRole('button', { name: 'Continue' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Choose your plan' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Your details' });
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Phone number')).toHaveValue('2065550123');

    // Continue again keeps the first signup (no second POST /signups).
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Choose your plan' });
    expect(api.calls.filter((c) => c.path === '/signups')).toHaveLength(1);
  });

  it('sessions: the signup sends an Idempotency-Key, reuses it when the answer was lost, and keeps no token', async () => {
    let signups = 0;
    const api = fakeApi((c) => {
      if (c.method !== 'POST' || c.path !== '/signups') return undefined;
      signups += 1;
      // the first answer is lost (a gateway error); the retry gets the signup
      if (signups === 1)
        return { status: 502, body: { type: 'about:blank', title: 'Bad gateway', status: 502, code: 'http_error' } };
      return {
        status: 201,
        body: { signupId: 's-1', registrationKey: 'r-1', authToken: 'tok-secret-1234', userId: 7 },
      };
    });
    renderApp('/join', api);
    const user = await fillDetails();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // README "Recoverable failures": not a dead end — Try again submits the same attempt again
    expect(
      await screen.findByText('What you entered could not be saved. Check your connection and try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Choose your plan' });
    const keys = api.calls.filter((c) => c.path === '/signups').map((c) => c.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{8,255}$/);
    expect(keys[1]).toBe(keys[0]);
    // nothing any script can read holds the token; the calls after the signup carry none
    expect(JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage })).not.toContain('tok-secret');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/parents/7')).toBe(true));
    for (const c of api.calls) expect(c.headers.get('authorization'), c.path).toBeNull();
    // the attempt is settled: it is no longer kept
    expect(sessionStorage.getItem(STORAGE_KEYS.progress)).not.toContain('signupAttempt');
  });

  it('terms Continue records agreement (PUT /parents/{id}/terms) and opens the payment step', async () => {
    const api = fakeApi();
    renderApp('/join', api);
    const user = await fillDetails();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(document.getElementById(premium1y.selectButtonId)).not.toBeNull());
    await user.click(document.getElementById(premium1y.selectButtonId)!);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    expect(api.calls.some((c) => c.method === 'PUT' && c.path === '/parents/7/terms')).toBe(true);
  });

  it('§8 "An unexpected error occurred, please try again later." when join countries fail to load', async () => {
    renderApp(
      '/join',
      fakeApi((c) =>
        c.path === '/join/countries'
          ? { status: 500, body: { type: 'x', title: 'x', status: 500, code: 'internal_error' } }
          : undefined,
      ),
    );
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'An unexpected error occurred, please try again later.',
    );
  });

  it('§1 languages: the page speaks Spanish after the locale switch', async () => {
    const user = userEvent.setup();
    renderApp('/join');
    await user.selectOptions(await screen.findByLabelText('Language'), 'es-MX');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tus datos' })).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('es-MX'));
  });
});

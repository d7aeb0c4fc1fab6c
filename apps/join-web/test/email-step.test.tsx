import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, parentState, renderApp, signedInJoin, signedInProgress, storeJoin, type Call } from './helpers.js';

const problem = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { type: `https://ofw.example/problems/${code}`, title: code, status, code, ...extra },
});

/**
 * Parent 7 signed up with an unproven address (docs/IDENTITY.md) and reloads on the e-mail step; `verify` answers
 * each code entered.
 */
function atEmailStep(verify: (code: string) => { status?: number; body?: unknown }, locale = 'en-US') {
  storeJoin({ ...signedInJoin, languageLocale: locale }, { ...signedInProgress, step: 'email' });
  const api = fakeApi((c: Call) => {
    if (c.method === 'GET' && c.path === '/parents/7') return { body: parentState({ emailVerified: false }) };
    if (c.path === '/parents/7/email-code')
      return {
        body: { email: 'ada@example.com', expiresAt: '2026-01-01T00:10:00Z', triesLeft: 5, resendAfterSeconds: 30 },
      };
    if (c.path === '/parents/7/email-verification') return verify((c.body as { code: string }).code);
    return undefined;
  });
  renderApp('/join?step=email', api);
  return api;
}
const verifications = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.path === '/parents/7/email-verification').map((c) => (c.body as { code: string }).code);
const PROVEN = { body: { emailVerified: true, existingAccount: null } };

describe('the "Check your e-mail" step (docs/IDENTITY.md)', () => {
  it('sends a code once and offers one labelled field for it, autofilled from the mail, with a numeric keyboard', async () => {
    const api = atEmailStep(() => PROVEN);
    await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' });
    const field = await screen.findByLabelText('Code from the e-mail');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText(/We sent a 6-digit code to ada@example.com/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/parents/7/email-code')).toHaveLength(1));
  });

  it('a pasted code with spaces or dashes is sent as its 6 digits at once, and the plans follow', async () => {
    const api = atEmailStep(() => PROVEN);
    const field = await screen.findByLabelText('Code from the e-mail');
    fireEvent.paste(field, { clipboardData: { getData: () => ' 123-456 ' } });
    await screen.findByRole('heading', { level: 1, name: 'Choose your plan' });
    expect(verifications(api)).toEqual(['123456']);
  });

  it('a wrong code says how many tries are left, on the field (announced with it)', async () => {
    atEmailStep(() => problem(422, 'code_incorrect', { triesLeft: 4 }));
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Code from the e-mail');
    await user.type(field, '111111{Enter}');
    const error = await screen.findByText('That code is not right. You can try 4 more times.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(field).toHaveFocus();
  });

  it.each([
    ['code_expired', 'This code has expired. Send a new code and enter it.'],
    ['too_many_tries', 'Too many wrong tries for this code. Send a new code and enter it.'],
  ])('%s asks for a new code', async (code, text) => {
    atEmailStep(() => problem(422, code));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code from the e-mail'), '222222{Enter}');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('something else than 6 digits is refused on the page: nothing is sent', async () => {
    const api = atEmailStep(() => PROVEN);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code from the e-mail'), '12a4{Enter}');
    expect(await screen.findByText('Enter the 6 digits from the e-mail.')).toBeInTheDocument();
    expect(verifications(api)).toEqual([]);
  });

  it('"Send a new code" waits out the cool-down the answer gives', async () => {
    atEmailStep(() => PROVEN);
    expect(await screen.findByRole('button', { name: /^Send a new code in \d+ seconds$/ })).toBeDisabled();
  });

  it('an address with an account and a current subscription offers sign-in, not the plans', async () => {
    atEmailStep(() => ({
      body: { emailVerified: true, existingAccount: { subscriptionCurrent: true, signInUrl: '/ofw/home.form' } },
    }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code from the e-mail'), '333333{Enter}');
    expect(await screen.findByRole('heading', { name: 'You already have an account' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/ofw/home.form');
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('§1 reads in the parent’s language (es-MX): label and a wrong code', async () => {
    atEmailStep(() => problem(422, 'code_incorrect', { triesLeft: 1 }), 'es-MX');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Código del correo'), '444444{Enter}');
    expect(await screen.findByText('Ese código no es correcto. Puedes intentarlo 1 vez más.')).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { fakeApi, parentState, rateLimited, renderApp } from './helpers.js';

/** A parent who has paid, on the last step (as after a reload). */
function atAccount(
  flow: 'join' | 'ctj',
  over: (path: string, method: string) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  sessionStorage.setItem(
    STORAGE_KEYS.state,
    JSON.stringify({
      flow,
      isJoin: flow === 'join',
      isInvitedJoin: flow === 'ctj',
      inviteToken: flow === 'ctj' ? 'invite-token-aaaaaaaaaaaa' : undefined,
      agreedToTerms: true,
      billingAddressComplete: true,
      isSubscriptionCurrent: true,
      subscriptionStatus: 'current',
      requireCredentials: true,
      parent: { userId: 7, phoneCountryCode: '+1' },
      address: { country: 'US' },
      familyMembers: [{ userId: 4, firstName: 'Bo', lastName: 'X' }],
    }),
  );
  sessionStorage.setItem(
    STORAGE_KEYS.progress,
    JSON.stringify({
      step: 'account',
      signedIn: true,
      years: 1,
      packageId: 2052,
      billing: { streetAddress: '1', locality: 'S', region: 'WA', postalCode: '98101' },
      coParentEmail: { email: '' },
    }),
  );
  let credentialsSaved = false;
  let questionsSaved = false;
  return fakeApi((c) => {
    const o = over(c.path, c.method);
    if (o) return o;
    const done = {
      agreedToTerms: true,
      billingAddressComplete: true,
      subscriptionStatus: 'current' as const,
      isSubscriptionCurrent: true,
      isInvitedJoin: flow === 'ctj',
      flow,
    };
    if (c.path === '/parents/7/credentials') {
      credentialsSaved = true;
      return { body: parentState({ ...done, requireCredentials: false }) };
    }
    if (c.path === '/parents/7/security-questions') {
      questionsSaved = true;
      return { body: parentState({ ...done, requireCredentials: !credentialsSaved, securityQuestionsComplete: true }) };
    }
    if (c.path === '/parents/7')
      return {
        body: parentState({
          ...done,
          requireCredentials: !credentialsSaved,
          securityQuestionsComplete: questionsSaved,
        }),
      };
    return undefined;
  });
}

async function fillCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Username'), 'ada_l');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
}

async function answerQuestions(user: ReturnType<typeof userEvent.setup>) {
  for (const n of [1, 2, 3]) {
    await waitFor(() =>
      expect(screen.getByLabelText(`Security question ${n}`).querySelectorAll('option').length).toBeGreaterThan(1),
    );
    const select = screen.getByLabelText<HTMLSelectElement>(`Security question ${n}`);
    await user.selectOptions(select, Array.from(select.options).find((o) => o.value)!.value);
    await user.type(screen.getByLabelText(`Answer ${n}`), `answer ${n}`);
  }
}

describe('account step', () => {
  it('a password under 12 characters is refused in the page with the 12-character hint', async () => {
    const api = atAccount('join');
    renderApp('/join', api);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'ada_l');
    await user.type(screen.getByLabelText('Password'), 'eleven-char');
    expect(screen.getByText('At least 12 characters.')).toBeTruthy();
    await answerQuestions(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Use at least 12 characters.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/parents/7/credentials')).toBe(false);
  });

  it('§2 security questions: an answer under 3 characters (too easy to guess) is refused in the page, nothing sent', async () => {
    const api = atAccount('join');
    renderApp('/join', api);
    const user = userEvent.setup();
    await fillCredentials(user);
    await answerQuestions(user);
    await user.clear(screen.getByLabelText('Answer 2'));
    await user.type(screen.getByLabelText('Answer 2'), ' ab ');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Enter an answer of at least 3 characters.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/parents/7/security-questions')).toBe(false);
  });

  it('§4 Completion: credentials + three security questions, then /ofw/home.form and the join is cleared', async () => {
    const leaveTo = vi.fn();
    const api = atAccount('join');
    renderApp('/join', api, { leaveTo });
    const user = userEvent.setup();
    await fillCredentials(user);
    await answerQuestions(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/ofw/home.form'));
    expect(api.calls.find((c) => c.path === '/parents/7/credentials')!.body).toEqual({
      username: 'ada_l',
      password: 'correct horse battery',
    });
    const answers = (
      api.calls.find((c) => c.path === '/parents/7/security-questions')!.body as {
        answers: Array<{ questionId: number }>;
      }
    ).answers;
    expect(new Set(answers.map((a) => a.questionId)).size).toBe(3);
    expect(sessionStorage.getItem(STORAGE_KEYS.state)).toBeNull();
  });

  it('§4 the invited flow skips the security questions and completes with credentials only (invite token cleared)', async () => {
    const leaveTo = vi.fn();
    const api = atAccount('ctj');
    renderApp('/invite/invite-token-aaaaaaaaaaaa', api, { leaveTo });
    const user = userEvent.setup();
    await fillCredentials(user);
    expect(screen.queryByLabelText('Security question 1')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/ofw/home.form'));
    expect(api.calls.some((c) => c.path === '/parents/7/security-questions')).toBe(false);
    expect(sessionStorage.getItem(STORAGE_KEYS.state)).toBeNull();
  });

  it('sessions: a retry of Finish after a later step failed does not set the credentials again (set once)', async () => {
    const leaveTo = vi.fn();
    let questionTries = 0;
    const api = atAccount('join', (path) => {
      if (path !== '/parents/7/security-questions' || ++questionTries > 1) return undefined;
      return { status: 503, body: { type: 'x', title: 'down', status: 503, code: 'internal_error' } };
    });
    renderApp('/join', api, { leaveTo });
    const user = userEvent.setup();
    await fillCredentials(user);
    await answerQuestions(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(questionTries).toBe(1));
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/ofw/home.form'));
    expect(api.calls.filter((c) => c.path === '/parents/7/credentials')).toHaveLength(1);
  });

  it('a 429 on PUT …/security-questions is explained on the last step', async () => {
    const api = atAccount('join', (path) => (path === '/parents/7/security-questions' ? rateLimited(3600) : undefined));
    renderApp('/join', api);
    const user = userEvent.setup();
    await fillCredentials(user);
    await answerQuestions(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 60 minutes and try again.',
    );
  });

  it('a taken username is reported on the field and the parent stays on the step', async () => {
    const leaveTo = vi.fn();
    const api = atAccount('ctj', (path) =>
      path === '/parents/7/credentials'
        ? { status: 409, body: { type: 'x', title: 'taken', status: 409, code: 'username_taken' } }
        : undefined,
    );
    renderApp('/invite/invite-token-aaaaaaaaaaaa', api, { leaveTo });
    const user = userEvent.setup();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username).toHaveFocus());
    expect(username).toHaveAccessibleDescription(/This username is taken/);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('§4 Completion: a pro-created account (no payment) gives its billing address on the last step — PUT …/billing-address, then /ofw/home.form', async () => {
    sessionStorage.setItem(
      STORAGE_KEYS.state,
      JSON.stringify({
        flow: 'pro',
        agreedToTerms: true,
        billingAddressComplete: false,
        userCreatedByPro: true,
        subscriptionStatus: 'none',
        isSubscriptionCurrent: false,
        requireCredentials: true,
        parent: { userId: 7, phoneCountryCode: '+1' },
        address: { country: 'US' },
      }),
    );
    sessionStorage.setItem(
      STORAGE_KEYS.progress,
      JSON.stringify({
        step: 'account',
        signedIn: true,
        years: 1,
        billing: { streetAddress: '', locality: '', region: '', postalCode: '' },
        coParentEmail: { email: '' },
      }),
    );
    const saved = { credentials: false, questions: false, billing: false };
    const now = () =>
      parentState({
        flow: 'pro',
        agreedToTerms: true,
        userCreatedByPro: true,
        requireCredentials: !saved.credentials,
        securityQuestionsComplete: saved.questions,
        billingAddressComplete: saved.billing,
      });
    const api = fakeApi((c) => {
      if (c.path === '/parents/7/credentials') saved.credentials = true;
      else if (c.path === '/parents/7/security-questions') saved.questions = true;
      else if (c.path === '/parents/7/billing-address') saved.billing = true;
      else if (c.path !== '/parents/7') return undefined;
      return { body: now() };
    });
    const leaveTo = vi.fn();
    renderApp('/join/pro', api, { leaveTo });
    const user = userEvent.setup();
    await fillCredentials(user);
    await answerQuestions(user);

    // Finish without an address: the first billing field says what is missing and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.getByLabelText('Street address')).toHaveFocus());
    expect(screen.getByLabelText('Street address')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.path === '/parents/7/billing-address')).toBe(false);
    expect(leaveTo).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Street address'), ' 1 Main St ');
    await user.type(screen.getByLabelText('City'), 'Seattle');
    await user.selectOptions(screen.getByLabelText('State'), 'WA');
    await user.type(screen.getByLabelText('ZIP code'), '98101');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/ofw/home.form'));
    const put = api.calls.find((c) => c.path === '/parents/7/billing-address')!;
    expect(put.method).toBe('PUT');
    // the session is the cookie: no bearer token
    expect(put.headers.get('authorization')).toBeNull();
    expect(put.credentials).toBe('same-origin');
    expect(put.body).toEqual({
      streetAddress: '1 Main St',
      locality: 'Seattle',
      region: 'WA',
      postalCode: '98101',
      countryCodeAlpha2: 'US',
    });
    expect(api.calls.some((c) => c.path === '/orders')).toBe(false);
  });

  it('a paid parent is not asked for the billing address again (the order recorded it)', async () => {
    renderApp('/join', atAccount('join'));
    await screen.findByLabelText('Username');
    expect(screen.queryByLabelText('Street address')).toBeNull();
  });

  it.each([
    ['Yes', 'bo@example.com', 'bo@example.com'],
    ['No', '', null],
  ])('§2 co-parent email question: answering "%s" is saved with PUT …/coparent-email', async (answer, email, sent) => {
    const leaveTo = vi.fn();
    const api = atAccount('join', (path) =>
      path === '/parents/7/coparent-email' ? { body: parentState() } : undefined,
    );
    renderApp('/join', api, { leaveTo });
    const user = userEvent.setup();
    await fillCredentials(user);
    await answerQuestions(user);
    await user.click(screen.getByRole('radio', { name: answer }));
    if (email) await user.type(screen.getByLabelText('Co-parent’s email address'), email);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/ofw/home.form'));
    const put = api.calls.find((c) => c.path === '/parents/7/coparent-email')!;
    expect(put.method).toBe('PUT');
    expect(put.body).toEqual({ coParentEmail: sent });
  });

  it.each([
    [
      'a 429 (per-parent or per-address invitation limit)',
      rateLimited(1800),
      'Too many attempts. Please wait 30 minutes and try again.',
    ],
    [
      'a 409 not_paid_yet (the invitation waits for the payment)',
      { status: 409, body: { type: 'x', title: 'Payment first', status: 409, code: 'not_paid_yet' } },
      'Your co-parent can be invited once your payment is complete. Go back to the payment step to finish it.',
    ],
  ])('%s on PUT …/coparent-email is explained on the last step; the parent stays on it', async (_, answer, text) => {
    const leaveTo = vi.fn();
    const api = atAccount('join', (path) => (path === '/parents/7/coparent-email' ? answer : undefined));
    renderApp('/join', api, { leaveTo });
    const user = userEvent.setup();
    await fillCredentials(user);
    await answerQuestions(user);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByLabelText('Co-parent’s email address'), 'bo@example.com');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('§2 co-parent email question: left unanswered, nothing is sent', async () => {
    const leaveTo = vi.fn();
    const api = atAccount('join');
    renderApp('/join', api, { leaveTo });
    const user = userEvent.setup();
    await fillCredentials(user);
    await answerQuestions(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/ofw/home.form'));
    expect(api.calls.some((c) => c.path === '/parents/7/coparent-email')).toBe(false);
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STEP_IDS } from '../src/state/join-state.js';
import { furthestStep, landingStep, parseStepSearch, stepsFor } from '../src/state/steps.js';
import { fakeApi, fillDetails, renderApp, signedInJoin, signedInProgress, storeJoin } from './helpers.js';

/*
 * README "Steps in the URL": the URL names the step (`?step=`), as a checkout does, so the browser's Back and Forward
 * move between the §2 steps with what was typed kept, a reload stays on the step, and a deep link past the furthest
 * step reached lands on the first incomplete one (a replace, so Back does not return to the refused link).
 */

const TOKEN = 'invite-token-aaaaaaaaaaaa';
const JOIN = stepsFor('join');

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('steps in the URL: the pure rules', () => {
  it('a step named in the URL is shown only once reached; no step, an unknown one or one past it lands on the furthest', () => {
    expect(landingStep(JOIN, 'package', 'terms')).toBe('package');
    expect(landingStep(JOIN, 'terms', 'terms')).toBe('terms');
    expect(landingStep(JOIN, 'payment', 'details')).toBe('details');
    expect(landingStep(JOIN, undefined, 'payment')).toBe('payment');
    // §4 Completion: a pro-created account has no package step; a link to it lands on the furthest reached
    expect(landingStep(stepsFor('pro', { userCreatedByPro: true }), 'package', 'terms')).toBe('terms');
  });

  it('moving on never lowers the furthest step reached (Back to the plans after paying keeps the account reachable)', () => {
    expect(furthestStep('details', 'package')).toBe('package');
    expect(furthestStep('account', 'terms')).toBe('account');
  });

  it('the search parameter takes only the step ids; anything else is dropped, never an error page', () => {
    for (const step of STEP_IDS) expect(parseStepSearch({ step })).toEqual({ step });
    expect(parseStepSearch({ step: 'confirm' })).toEqual({});
    expect(parseStepSearch({ step: 3 })).toEqual({});
    expect(parseStepSearch({})).toEqual({});
  });
});

describe('steps in the URL: the app', () => {
  it('a fresh /join names its first step in the URL by replacing it (no extra history entry)', async () => {
    const { history } = renderApp('/join');
    await heading('Your details');
    await waitFor(() => expect(history.location.search).toBe('?step=details'));
    expect(history.length).toBe(1);
  });

  it('browser Back on the plans returns to the details with what was typed, and Forward to the plans', async () => {
    const api = fakeApi();
    const { history } = renderApp('/join', api);
    const user = await fillDetails();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Choose your plan');
    expect(history.location.search).toBe('?step=package');

    act(() => history.back());
    await heading('Your details');
    expect(history.location.search).toBe('?step=details');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Phone number')).toHaveValue('2065550123');

    act(() => history.forward());
    await heading('Choose your plan');
    expect(history.location.search).toBe('?step=package');
    // no second signup: moving through history never re-sends a step
    expect(api.calls.filter((c) => c.path === '/signups')).toHaveLength(1);
  });

  it('the in-page Back pushes a history entry like Continue does: browser Back then returns to the plans', async () => {
    storeJoin(signedInJoin, { step: 'package', ...signedInProgress });
    const { history } = renderApp('/join?step=package');
    await heading('Choose your plan');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await heading('Your details');
    expect(history.location.search).toBe('?step=details');
    act(() => history.back());
    await heading('Choose your plan');
  });

  it('a deep link to the payment step without details lands on the details, replacing the URL', async () => {
    const { history } = renderApp('/join?step=payment');
    await heading('Your details');
    await waitFor(() => expect(history.location.search).toBe('?step=details'));
    expect(history.length).toBe(1);
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
  });

  it('a deep link past the furthest step reached lands there; a reload of a reached step stays on it', async () => {
    storeJoin(signedInJoin, { step: 'terms', ...signedInProgress });
    const first = renderApp('/join?step=account');
    await heading('Terms and conditions');
    await waitFor(() => expect(first.history.location.search).toBe('?step=terms'));
    first.unmount();
    // the parent went back to the plans, then reloaded: the URL keeps them there (the terms stay reachable)
    const reload = renderApp('/join?step=package');
    await heading('Choose your plan');
    expect(reload.history.location.search).toBe('?step=package');
  });

  it('the stored join resumes at its furthest step when /join names none', async () => {
    storeJoin(signedInJoin, { step: 'terms', ...signedInProgress });
    const { history } = renderApp('/join');
    await heading('Terms and conditions');
    await waitFor(() => expect(history.location.search).toBe('?step=terms'));
  });

  it('/join/pro: a deep link to a later step lands on the details and keeps the professional’s parameters', async () => {
    const { history } = renderApp('/join/pro?proFirstName=Grace&proLastName=Hopper&step=terms');
    await heading('Your details');
    await waitFor(() => expect(new URLSearchParams(history.location.search).get('step')).toBe('details'));
    expect(new URLSearchParams(history.location.search).get('proFirstName')).toBe('Grace');
    expect(history.location.pathname).toBe('/join/pro');
  });

  it('/invite/$token: a deep link to a later step lands on the details of the invited flow', async () => {
    const api = fakeApi((c) =>
      c.path === '/invites/family'
        ? {
            body: {
              familyMembers: [
                { userId: 4, firstName: 'Bo', lastName: 'X' },
                { userId: 5, firstName: 'Me', lastName: 'X' },
              ],
              userId: 5,
              coParentCountry: 'US',
            },
          }
        : undefined,
    );
    const { history } = renderApp(`/invite/${TOKEN}?step=payment`, api);
    await heading('Your details');
    await waitFor(() => expect(history.location.search).toBe('?step=details'));
    expect(history.location.pathname).toBe(`/invite/${TOKEN}`);
  });
});

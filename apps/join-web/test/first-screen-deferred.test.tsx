import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holdUntilFirstScreenIdle, startFirstScreenIdleWatch } from '../src/first-screen-idle.js';
import { preloadFirstScreenMessages } from '../src/i18n/I18nProvider.js';
import { renderApp } from './helpers.js';

// Its own file: the gate is module state, armed once per page as main.tsx does for a fresh /join.
describe('a fresh /join asks join-api nothing before the parent acts', () => {
  it('the country lists (and so the API client and zod) are requested only after the first input', async () => {
    // as main.tsx boots a fresh /join: the gate armed, the catalogue's first part in before the first render
    holdUntilFirstScreenIdle();
    await preloadFirstScreenMessages('en-US');
    const { api } = renderApp('/join');
    const firstName = await screen.findByLabelText('First name');
    startFirstScreenIdleWatch();
    // the details step is on screen and has run its effects: nothing was requested
    await new Promise((r) => setTimeout(r, 100));
    expect(api.calls).toEqual([]);
    fireEvent.focusIn(firstName);
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/join/countries'));
  });
});

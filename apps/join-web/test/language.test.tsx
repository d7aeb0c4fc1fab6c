import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, parentState, renderApp, signedInJoin, signedInProgress, storeJoin } from './helpers.js';

/*
 * §1 languages, §3 join state `languageLocale`: the header's language switch changes the page at once; once the
 * parent has signed up it is also stored on join-api (PUT /parents/{userId}/language, docs/CONTRACTS.md), so the
 * receipt and the co-parent invitation it sends later speak the language the parent chose, not the sign-up's.
 */
const banner = () => screen.getByRole('banner');
const languagePuts = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.method === 'PUT' && c.path === '/parents/7/language');

describe('the language switch', () => {
  it('§1 §3 after the sign-up: the page switches and join-api stores the language (PUT /parents/7/language)', async () => {
    storeJoin(signedInJoin, { ...signedInProgress, packageId: 2053, step: 'terms' });
    const api = fakeApi((c) =>
      c.method === 'PUT' && c.path === '/parents/7/language'
        ? { body: parentState({ languageLocale: (c.body as { languageLocale: string }).languageLocale }) }
        : undefined,
    );
    renderApp('/join?step=terms', api);
    await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' });
    await userEvent.setup().selectOptions(within(banner()).getByRole('combobox'), 'es-MX');
    await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' });
    await waitFor(() => expect(languagePuts(api)).toHaveLength(1));
    expect(languagePuts(api)[0]!.body).toEqual({ languageLocale: 'es-MX' });
  });

  it('a failed save is sent again (the page has switched already; only the e-mails wait on it)', async () => {
    storeJoin(signedInJoin, { ...signedInProgress, packageId: 2053, step: 'terms' });
    let failures = 1;
    const api = fakeApi((c) => {
      if (c.method !== 'PUT' || c.path !== '/parents/7/language') return undefined;
      if (failures-- > 0) return { fail: 'network' };
      return { body: parentState({ languageLocale: 'en-GB' }) };
    });
    renderApp('/join?step=terms', api);
    await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' });
    await userEvent.setup().selectOptions(within(banner()).getByRole('combobox'), 'en-GB');
    await waitFor(() => expect(languagePuts(api)).toHaveLength(2), { timeout: 5000 });
    expect(languagePuts(api).map((c) => c.body)).toEqual([{ languageLocale: 'en-GB' }, { languageLocale: 'en-GB' }]);
  });

  it('before the sign-up nothing is stored on join-api: the sign-up sends the page’s language itself', async () => {
    const api = fakeApi();
    renderApp('/join', api);
    await screen.findByRole('heading', { level: 1, name: 'Your details' });
    await userEvent.setup().selectOptions(within(banner()).getByRole('combobox'), 'es-MX');
    await screen.findByRole('heading', { level: 1, name: 'Tus datos' });
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppContext } from '../src/app.js';
import { SHELL_LOCALE } from '../src/first-paint.js';
import { initialLocale, toLocale } from '../src/i18n/locales.js';
import { localeAtom, progressAtom, STORAGE_KEYS } from '../src/state/join-state.js';
import { forgetShellVerdict, guardKeeps } from './first-paint-helpers.js';

afterEach(forgetShellVerdict);

// docs/performance/join-web.md "First paint": the inline guard keeps the prerendered shell only when the app will
// show that same screen.

describe('first paint: the shell guard', () => {
  const cases: (readonly string[])[] = [
    ['en-US'],
    ['en-US', 'es-MX'],
    ['en', 'en-US'],
    ['fr-FR', 'de'],
    ['en-GB'],
    ['en_gb'],
    ['fr', 'en-GB', 'en-US'],
    ['es-MX'],
    ['es-mx', 'en-US'],
    ['es-US'],
    ['es', 'es-ES'],
    ['es-ES', 'en-US'],
    [' es-MX '],
    ['EN-us', 'es-MX'],
    ['es-419'],
    ['fr-FR', 'es-ES'],
    ['en-AU'],
    ['en-NZ', 'es-MX'],
    ['en-IE'],
    ['en-CA', 'es-MX'],
    ['es-Latn-MX'],
    ['*'],
    [],
  ];

  it.each(cases)('§1 keeps the en-US shell exactly when the app starts in en-US: %j', (...languages) => {
    expect(guardKeeps(languages)).toBe(initialLocale(languages) === SHELL_LOCALE);
  });

  it('§1 falls back to navigator.language when navigator.languages is missing', () => {
    expect(guardKeeps(undefined, 'es-MX')).toBe(false);
    expect(guardKeeps(undefined, 'en-US')).toBe(true);
  });

  it('§3 a join in progress (either persisted key) drops the shell: the app resumes at its own step', () => {
    for (const key of Object.values(STORAGE_KEYS)) {
      sessionStorage.clear();
      sessionStorage.setItem(key, '{}');
      expect(guardKeeps(['en-US']), key).toBe(false);
    }
    sessionStorage.clear();
    expect(guardKeeps(['en-US'])).toBe(true);
  });

  it('agrees with createAppContext: whenever the guard keeps the shell, the app starts in en-US at the first step', () => {
    for (const languages of cases) {
      const nav = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
      const { store } = createAppContext({ history: createMemoryHistory({ initialEntries: ['/join'] }) });
      nav.mockRestore();
      if (guardKeeps(languages)) {
        expect(toLocale(store.get(localeAtom)), JSON.stringify(languages)).toBe(SHELL_LOCALE);
        expect(store.get(progressAtom).step).toBe('details');
      }
    }
  });
});

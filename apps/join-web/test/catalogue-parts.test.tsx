import { act, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_AREAS, isFirstScreenMessage } from '../src/i18n/catalogue-parts.js';
import { loadMessages, LOCALES } from '../src/i18n/locales.js';
import type * as Locales from '../src/i18n/locales.js';

const compiled = (locale: string) =>
  JSON.parse(
    readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), `../src/i18n/compiled/${locale}.json`),
      'utf8',
    ),
  ) as Record<string, unknown>;

describe('each catalogue in two parts', () => {
  it.each(LOCALES)(
    '%s — the parts are disjoint, together the whole catalogue, and the first holds the first screen’s areas',
    async (locale) => {
      const [first, later] = await Promise.all([loadMessages(locale, 'first'), loadMessages(locale, 'later')]);
      const whole = compiled(locale);
      expect({ ...first, ...later }).toEqual(whole);
      expect(Object.keys(first).filter((id) => id in later)).toEqual([]);
      for (const id of Object.keys(whole)) expect(id in first).toBe(isFirstScreenMessage(id));
      for (const area of FIRST_SCREEN_AREAS)
        expect(Object.keys(first).some((id) => id.startsWith(`${area}.`))).toBe(true);
      // the later steps' texts are not in the first part
      expect(Object.keys(later).some((id) => id.startsWith('package.'))).toBe(true);
      expect(Object.keys(first).some((id) => /^(package|terms|payments|account)\./.test(id))).toBe(false);
    },
  );
});

describe('the first screen from the first part, a later step after the rest', () => {
  afterEach(() => {
    vi.doUnmock('../src/i18n/locales.js');
    vi.resetModules();
  });

  /** A fresh module graph whose catalogue's later part arrives only when the test says so. */
  async function withLaterPartHeld() {
    vi.resetModules();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    vi.doMock('../src/i18n/locales.js', async (importOriginal) => {
      const actual = await importOriginal<typeof Locales>();
      return {
        ...actual,
        loadMessages: async (locale: Parameters<typeof actual.loadMessages>[0], part: 'first' | 'later') => {
          if (part === 'later') await held;
          return actual.loadMessages(locale, part);
        },
      };
    });
    const i18n = await import('../src/i18n/I18nProvider.js');
    const { createStore, Provider } = await import('jotai');
    return { ...i18n, release, store: createStore(), JotaiProvider: Provider };
  }

  it('the details step’s texts show from the first part while the later part is still on its way', async () => {
    const { app, release } = await (async () => {
      const held = await withLaterPartHeld();
      await held.preloadFirstScreenMessages('en-US');
      const { App, createAppContext } = await import('../src/app.js');
      const { createMemoryHistory } = await import('@tanstack/react-router');
      const { startJoinBeforeFirstRender } = await import('../src/first-paint.js');
      const context = createAppContext({
        history: createMemoryHistory({ initialEntries: ['/join'] }),
        fetch: () => new Promise<Response>(() => undefined),
      });
      startJoinBeforeFirstRender(context.store, '/join');
      await context.router.load();
      return { app: <App context={context} />, release: held.release };
    })();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(app);
    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your details');
    expect(warn.mock.calls.filter(([m]) => /Missing message/i.test(String(m)))).toEqual([]);
    warn.mockRestore();
    release();
  });

  it('a later step waits (Suspense fallback) for the later part instead of showing message ids', async () => {
    const { I18nProvider, AllMessages, preloadFirstScreenMessages, release, store, JotaiProvider } =
      await withLaterPartHeld();
    await preloadFirstScreenMessages('en-US');
    // an async act: the provider's effects run (it starts loading the later part) before the test goes on
    // eslint-disable-next-line @typescript-eslint/require-await -- act must be async to flush the effects' promises
    await act(async () => {
      render(
        <JotaiProvider store={store}>
          <I18nProvider>
            <FormattedMessage id="details.firstName" />
            <Suspense fallback={<p>waiting</p>}>
              <AllMessages>
                <p>
                  <FormattedMessage id="package.byo.calls" />
                </p>
              </AllMessages>
            </Suspense>
          </I18nProvider>
        </JotaiProvider>,
      );
    });
    expect(await screen.findByText('First name')).toBeInTheDocument();
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(screen.queryByText('package.byo.calls')).toBeNull();
    // eslint-disable-next-line @typescript-eslint/require-await -- act must be async to flush the release's promises
    await act(async () => release());
    expect(await screen.findByText('Calls')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('AllMessages outside I18nProvider names the missing provider', async () => {
    const { AllMessages } = await import('../src/i18n/I18nProvider.js');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<AllMessages>x</AllMessages>)).toThrow('AllMessages must be used within <I18nProvider>');
  });
});

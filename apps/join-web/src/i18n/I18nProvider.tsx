import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { localeAtom } from '../state/join-state.js';
import { loadMessages, toLocale, type Locale } from './locales.js';

type Catalogue = Record<string, unknown>;
type Loaded = { locale: Locale; messages: Catalogue };

// Only the active locale's compiled (AST) catalogue is fetched; each is its own chunk, en-US included.
const loaded = new Map<Locale, Catalogue>();
const pending = new Map<Locale, Promise<Catalogue>>();

/**
 * Starts loading a locale's catalogue (once; later calls share the request) — call it as early as possible, e.g.
 * before the first render, so the catalogue downloads beside the route's chunks. A failed load can be retried.
 */
export function preloadMessages(locale: Locale): Promise<Catalogue> {
  const cached = loaded.get(locale);
  if (cached) return Promise.resolve(cached);
  let p = pending.get(locale);
  if (!p) {
    p = loadMessages(locale).then(
      (messages) => {
        loaded.set(locale, messages);
        pending.delete(locale);
        return messages;
      },
      (err: unknown) => {
        pending.delete(locale);
        throw err;
      },
    );
    pending.set(locale, p);
  }
  return p;
}

/**
 * react-intl for the join state's `languageLocale` (§1: en-US default, en-GB, es-US, es-MX). The catalogue is
 * loaded before the first render of a locale (`fallback` until then); while a new locale loads the previous one
 * stays on screen. A catalogue that fails to load falls back to en-US (§1 default).
 */
export function I18nProvider({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const locale = toLocale(useAtomValue(localeAtom));
  const [current, setCurrent] = useState<Loaded | undefined>(() => {
    const messages = loaded.get(locale);
    return messages ? { locale, messages } : undefined;
  });

  useEffect(() => {
    let active = true;
    const show = (l: Locale) => (messages: Catalogue) => {
      if (active) setCurrent((c) => (c?.locale === l && c.messages === messages ? c : { locale: l, messages }));
    };
    preloadMessages(locale)
      .then(show(locale))
      .catch((err: unknown) => {
        if (import.meta.env.DEV) console.warn(`Message catalogue ${locale} failed to load`, err);
        if (locale !== 'en-US') return preloadMessages('en-US').then(show('en-US'));
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [locale]);

  useEffect(() => {
    if (current) document.documentElement.lang = current.locale;
  }, [current]);

  if (!current) return <>{fallback}</>;
  return (
    <IntlProvider
      locale={current.locale}
      defaultLocale="en-US"
      messages={current.messages as never}
      onError={(err) => {
        // A missing translation is caught by `pnpm i18n:verify` (formatjs verify); only surface it in development.
        if (import.meta.env.DEV) console.warn(err.message);
      }}
    >
      {children}
    </IntlProvider>
  );
}

import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { localeAtom } from '../state/join-state.js';
import enUS from './compiled/en-US.json';
import { loadMessages, toLocale, type Locale } from './locales.js';

type Loaded = { locale: Locale; messages: Record<string, unknown> };
// en-US (the §1 default) ships with the entry chunk so the first screen renders without waiting for a catalogue.
const cache = new Map<Locale, Record<string, unknown>>([['en-US', enUS as Record<string, unknown>]]);

/**
 * react-intl for the join state's `languageLocale` (§1: en-US default, en-GB, es-US, es-MX). The catalogue is
 * loaded before the first render of a locale; while a new locale loads the previous one stays on screen.
 */
export function I18nProvider({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const locale = toLocale(useAtomValue(localeAtom));
  const [loaded, setLoaded] = useState<Loaded | undefined>(() => {
    const messages = cache.get(locale);
    return messages ? { locale, messages } : undefined;
  });

  useEffect(() => {
    let active = true;
    const cached = cache.get(locale);
    if (cached) setLoaded({ locale, messages: cached });
    else
      loadMessages(locale).then((messages) => {
        cache.set(locale, messages);
        if (active) setLoaded({ locale, messages });
      });
    return () => {
      active = false;
    };
  }, [locale]);

  useEffect(() => {
    if (loaded) document.documentElement.lang = loaded.locale;
  }, [loaded]);

  if (!loaded) return <>{fallback}</>;
  return (
    <IntlProvider
      locale={loaded.locale}
      defaultLocale="en-US"
      messages={loaded.messages as never}
      onError={(err) => {
        // A missing translation is caught by `pnpm i18n:check`; only surface it in development.
        if (import.meta.env.DEV) console.warn(err.message);
      }}
    >
      {children}
    </IntlProvider>
  );
}

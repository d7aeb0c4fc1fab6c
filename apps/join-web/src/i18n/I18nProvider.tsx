import { useAtomValue } from 'jotai';
import { createContext, use, useContext, useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { whenFirstScreenIdle } from '../first-screen-idle.js';
import { localeAtom } from '../state/join-state.js';
import type { CataloguePart } from './catalogue-parts.js';
import { loadMessages, toLocale, type Locale } from './locales.js';

type Catalogue = Record<string, unknown>;
type Loaded = { locale: Locale; messages: Catalogue; complete: boolean };

// Only the active locale's compiled (AST) catalogue is fetched, in two parts (catalogue-parts.ts), each its own chunk.
const loaded = new Map<string, Catalogue>();
const pending = new Map<string, Promise<Catalogue>>();
const whole = new Map<Locale, Catalogue>();

/** Loads one part of a locale's catalogue once (later calls share the request); a failed load can be retried. */
function loadPart(locale: Locale, part: CataloguePart): Promise<Catalogue> {
  const key = `${locale}:${part}`;
  const cached = loaded.get(key);
  if (cached) return Promise.resolve(cached);
  let p = pending.get(key);
  if (!p) {
    p = loadMessages(locale, part).then(
      (messages) => {
        loaded.set(key, messages);
        pending.delete(key);
        return messages;
      },
      (err: unknown) => {
        pending.delete(key);
        throw err;
      },
    );
    pending.set(key, p);
  }
  return p;
}

/**
 * Starts loading a locale's whole catalogue (both parts, once; later calls share the requests) — call it as early as
 * possible, e.g. before the first render of a screen after the first one, so it downloads beside the route's chunks.
 * A failed load can be retried.
 * @returns the whole catalogue (the same object on every call once loaded).
 */
export function preloadMessages(locale: Locale): Promise<Catalogue> {
  const cached = whole.get(locale);
  if (cached) return Promise.resolve(cached);
  return Promise.all([loadPart(locale, 'first'), loadPart(locale, 'later')]).then(([first, later]) => {
    const messages = whole.get(locale) ?? { ...first, ...later };
    whole.set(locale, messages);
    return messages;
  });
}

/**
 * Starts loading what the first screen of a locale shows: the first part of its catalogue (catalogue-parts.ts, issue
 * 15: a fresh visitor's first load carries no other step's texts). I18nProvider shows it until the whole catalogue,
 * which it loads next, is in.
 */
export function preloadFirstScreenMessages(locale: Locale): Promise<Catalogue> {
  return loadPart(locale, 'first');
}

/**
 * Resolves once the first part of the catalogue of the locale `currentLocale()` names is loaded — asked again after
 * each load, as the parent may pick another language meanwhile. A new tree of the app (the full app taking over from
 * the first-screen tree, docs/performance/join-web.md "First paint") then shows that language in its first commit: an I18nProvider mounted
 * before its locale's catalogue is in renders its fallback (nothing) until it is. Never rejects (a failed load is left
 * to I18nProvider's en-US fallback).
 * @param currentLocale - the locale on screen now (the join state's).
 */
export async function firstScreenMessagesFor(currentLocale: () => Locale): Promise<void> {
  for (;;) {
    const locale = currentLocale();
    await loadPart(locale, 'first').catch(() => undefined);
    if (currentLocale() === locale) return;
  }
}

/** Whether the whole catalogue is on screen, and a promise that settles once it is. */
const CompleteContext = createContext<{ complete: boolean; shown: Promise<void> } | null>(null);

/**
 * react-intl for the join state's `languageLocale` (§1: en-US default, en-GB, es-US, es-MX). The catalogue is
 * loaded before the first render of a locale (`fallback` until then): the whole catalogue, or only its first part when
 * that is what was preloaded (the first screen, `preloadFirstScreenMessages`) — the rest then follows at once, and
 * {@link AllMessages} holds back what needs it. While a new locale loads the previous one stays on screen. A catalogue
 * that fails to load falls back to en-US (§1 default).
 */
export function I18nProvider({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const locale = toLocale(useAtomValue(localeAtom));
  const [current, setCurrent] = useState<Loaded | undefined>(() => {
    const messages = whole.get(locale);
    if (messages) return { locale, messages, complete: true };
    const first = loaded.get(`${locale}:first`);
    return first ? { locale, messages: first, complete: false } : undefined;
  });
  const [completion] = useState(() => {
    let resolve!: () => void;
    const shown = new Promise<void>((r) => (resolve = r));
    return { shown, resolve };
  });

  useEffect(() => {
    let active = true;
    const show = (l: Locale) => (messages: Catalogue) => {
      if (active)
        setCurrent((c) => (c?.locale === l && c.messages === messages ? c : { locale: l, messages, complete: true }));
    };
    // a fresh /join's first screen, showing the first part, holds the later part back until the parent acts or the
    // page is idle (first-screen-idle.ts); with nothing to show yet the catalogue loads at once
    const catalogue = loaded.has(`${locale}:first`)
      ? whenFirstScreenIdle(() => preloadMessages(locale))
      : preloadMessages(locale);
    catalogue
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
    // committed: what waits in AllMessages may render now
    if (current?.complete) completion.resolve();
  }, [current, completion]);

  if (!current) return <>{fallback}</>;
  return (
    <CompleteContext value={{ complete: current.complete, shown: completion.shown }}>
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
    </CompleteContext>
  );
}

/**
 * Renders `children` once the whole catalogue of the locale is on screen, and suspends until then (the nearest
 * `<Suspense>` shows its fallback): the steps after the first screen use the catalogue's later part.
 * @throws Error "AllMessages must be used within <I18nProvider>" outside the provider.
 */
export function AllMessages({ children }: { children: ReactNode }) {
  const catalogue = useContext(CompleteContext);
  if (!catalogue) throw new Error('AllMessages must be used within <I18nProvider>');
  if (!catalogue.complete) use(catalogue.shown);
  return <>{children}</>;
}

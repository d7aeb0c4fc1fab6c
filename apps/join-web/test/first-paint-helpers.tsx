/**
 * Shared setup of the first-paint suites (first-paint-*.test.tsx, docs/performance/join-web.md "First paint"):
 * dist/join.html shows the /join first step before the app runs; the app's first commit must show the same screen (no
 * flash), and the shell must be dropped whenever the app would show another.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { useLayoutEffect, type ReactNode } from 'react';
import { vi } from 'vitest';
import { createAppContext } from '../src/app.js';
import { shellGuardScript, startJoinBeforeFirstRender } from '../src/first-paint.js';
import { preloadMessages } from '../src/i18n/I18nProvider.js';

/** Runs the guard's exact text with these browser languages; true when it keeps the shell. */
export function guardKeeps(languages: readonly string[] | undefined, language = 'en-US'): boolean {
  document.documentElement.removeAttribute('data-shell');
  const nav = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages as string[]);
  const lang = vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
  try {
    // The exact text join.html serves inline (what the browser runs), not a re-implementation.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    (new Function(shellGuardScript()) as () => void)();
  } finally {
    nav.mockRestore();
    lang.mockRestore();
  }
  return document.documentElement.getAttribute('data-shell') !== 'off';
}

/** Each element in document order: tag, classes and own text — what the parent sees laid out. */
export function skeleton(root: ParentNode): string[] {
  return [...root.querySelectorAll('*')]
    .filter((el) => el.tagName !== 'SCRIPT')
    .map((el) => {
      const text = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('');
      const type = el.getAttribute('type') ?? '';
      return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}[${type}] ${text}`;
    });
}

/** Calls `onCommit` in the first commit, after the DOM is written and before any passive effect has run. */
export function AtCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

/** Clears the guard's verdict on <html> (`data-shell`), as a fresh page load has it; run after each test. */
export function forgetShellVerdict() {
  document.documentElement.removeAttribute('data-shell');
}

/**
 * The app as src/main.tsx starts it on /join for a first visitor, ready for its first commit: en-US catalogue and
 * routes loaded, the join started; the queries stay loading, as at the first commit in the browser (and the shell).
 */
export async function bootApp() {
  sessionStorage.clear();
  const context = createAppContext({
    history: createMemoryHistory({ initialEntries: ['/join'] }),
    fetch: () => new Promise<Response>(() => undefined),
  });
  startJoinBeforeFirstRender(context.store, '/join');
  await Promise.all([preloadMessages('en-US'), context.router.load()]);
  return context;
}

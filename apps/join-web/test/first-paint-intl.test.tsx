import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIntl } from 'react-intl';
import { intlWarmUpScript, SHELL_LOCALE } from '../src/first-paint.js';
import { forgetShellVerdict } from './first-paint-helpers.js';

afterEach(forgetShellVerdict);

// docs/performance/join-web.md "First paint": the Intl warm-up runs after the paint, in an idle callback.

describe('first paint: the Intl warm-up', () => {
  /** Records the Intl calls the warm-up is about: the two locale checks and DisplayNames' construction. */
  function recordIntl() {
    const calls: string[] = [];
    const nf = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf').mockImplementation((l) => {
      calls.push(`NumberFormat.supportedLocalesOf ${String(l)}`);
      return [String(l)];
    });
    const dtf = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockImplementation((l) => {
      calls.push(`DateTimeFormat.supportedLocalesOf ${String(l)}`);
      return [String(l)];
    });
    const DisplayNames = Intl.DisplayNames;
    const writable = Intl as { DisplayNames: typeof DisplayNames };
    writable.DisplayNames = class extends DisplayNames {
      constructor(...args: ConstructorParameters<typeof DisplayNames>) {
        super(...args);
        calls.push(`DisplayNames ${String(args[0])}`);
      }
    };
    return {
      calls,
      restore: () => {
        nf.mockRestore();
        dtf.mockRestore();
        writable.DisplayNames = DisplayNames;
      },
    };
  }

  it('makes the takeover’s first Intl calls (react-intl’s locale checks, the region names) in an idle callback after the paint, not before it', () => {
    const idle: (() => void)[] = [];
    const ric = vi.fn((cb: () => void) => idle.push(cb));
    vi.stubGlobal('requestIdleCallback', ric);
    const intl = recordIntl();
    try {
      // The exact text join.html serves inline.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      (new Function(intlWarmUpScript()) as () => void)();
      expect(intl.calls).toEqual([]); // nothing before the first paint
      expect(idle).toHaveLength(1);
      idle[0]!();
      expect(intl.calls).toEqual([
        `NumberFormat.supportedLocalesOf ${SHELL_LOCALE}`,
        `DateTimeFormat.supportedLocalesOf ${SHELL_LOCALE}`,
        `DisplayNames ${SHELL_LOCALE}`,
      ]);
      // what it stands in for: react-intl's createIntl (IntlProvider, at the takeover) makes the same two checks
      intl.calls.length = 0;
      createIntl({ locale: SHELL_LOCALE, messages: {} });
      expect(intl.calls).toEqual([
        `NumberFormat.supportedLocalesOf ${SHELL_LOCALE}`,
        `DateTimeFormat.supportedLocalesOf ${SHELL_LOCALE}`,
      ]);
    } finally {
      intl.restore();
      vi.unstubAllGlobals();
    }
  });

  it('does nothing in a browser without requestIdleCallback', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const intl = recordIntl();
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      expect(() => (new Function(intlWarmUpScript()) as () => void)()).not.toThrow();
      expect(intl.calls).toEqual([]);
    } finally {
      intl.restore();
      vi.unstubAllGlobals();
    }
  });
});

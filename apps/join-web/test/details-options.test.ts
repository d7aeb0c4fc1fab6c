import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneCodeOptions, regionName } from '../src/join/steps/details/details-options.js';

describe('§1 the phone codes name their countries in the page’s language', () => {
  afterEach(() => vi.restoreAllMocks());

  it('§1 one Intl.DisplayNames per locale serves every render of the details step (each costs ms to build)', () => {
    const built = vi.spyOn(Intl, 'DisplayNames');
    const en = createIntl({ locale: 'en-GB', messages: {}, onError: () => undefined });
    const es = createIntl({ locale: 'es-MX', messages: {}, onError: () => undefined });
    for (let render = 0; render < 5; render++) phoneCodeOptions(en, undefined);
    expect(built).toHaveBeenCalledTimes(1);
    expect(regionName(en, 'GB')).toBe('United Kingdom');
    expect(regionName(es, 'GB')).toBe('Reino Unido');
    expect(built).toHaveBeenCalledTimes(2);
  });

  it('§1 a code the browser cannot name is shown as itself', () => {
    const en = createIntl({ locale: 'en-US', messages: {} });
    expect(regionName(en, 'not-a-region')).toBe('not-a-region');
  });
});

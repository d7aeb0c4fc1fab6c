import { initialJoinState } from '@ofw/domain';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { BROWSER_JOIN_STATE_FIELDS, initialBrowserJoinState } from '../src/state/browser-join-state.js';
import { joinStateAtom, localeAtom, STORAGE_KEYS, type BrowserJoinState } from '../src/state/join-state.js';
import { BrowserJoinStateSchema } from '../src/state/stored-schemas.js';

// The persisted join state holds only what the browser owns (src/state/browser-join-state.ts); the server's §3 flags
// come from GET /parents/{userId} (join/server-state.ts), so a stored copy could only go stale.

const browserKeys = Object.keys(BROWSER_JOIN_STATE_FIELDS).sort();

/** A new page load that resumes the stored join, as main.tsx does it: schemas loaded, atoms mounted. */
async function reload() {
  vi.resetModules();
  const reloaded = await import('../src/state/join-state.js');
  await reloaded.loadStoredJoinValidation();
  const store = createStore();
  store.sub(reloaded.joinStateAtom, () => undefined);
  return { store, atoms: reloaded };
}

describe('the join state keeps only what the browser owns', () => {
  it('its stored schema is @ofw/domain JoinStateSchema picked to the browser fields, with the same §3 defaults', () => {
    expect(Object.keys(BrowserJoinStateSchema.shape).sort()).toEqual(browserKeys);
    expect(BrowserJoinStateSchema.parse({})).toEqual(initialBrowserJoinState());
    expect(Object.keys(initialBrowserJoinState()).every((k) => k in BROWSER_JOIN_STATE_FIELDS)).toBe(true);
  });

  it('a join stored by an older version (the whole §3 state with the server flags and a token) resumes; the server fields are dropped on read', async () => {
    const parent = { userId: 7, firstName: 'Ada', lastName: 'Lovelace', phoneCountryCode: '+44' };
    sessionStorage.setItem(
      STORAGE_KEYS.state,
      JSON.stringify({
        ...initialJoinState(),
        flow: 'join',
        isJoin: true,
        languageLocale: 'en-GB',
        parent,
        address: { country: 'GB' },
        referral: { selection: 'friend' },
        agreedToTerms: true,
        billingAddressComplete: true,
        subscriptionStatus: 'current',
        isSubscriptionCurrent: true,
        requireCredentials: true,
        coparentPricing: 'P1',
        graceLogins: 3,
        availableCoupons: [{ packageId: 2053, status: 'available', discountAmount: 20 }],
        authToken: 'tok-old-0123456789',
      }),
    );
    const { store, atoms } = await reload();
    const resumed = store.get(atoms.joinStateAtom);
    expect(resumed).toMatchObject({
      flow: 'join',
      isJoin: true,
      isAuthedParent: true,
      languageLocale: 'en-GB',
      parent,
      address: { country: 'GB' },
      referral: { selection: 'friend' },
    });
    expect(Object.keys(resumed).every((k) => k in BROWSER_JOIN_STATE_FIELDS)).toBe(true);
    // the next write stores the browser's fields only
    store.set(atoms.localeAtom, 'es-MX');
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.state)!) as Record<string, unknown>;
    expect(Object.keys(stored).every((k) => k in BROWSER_JOIN_STATE_FIELDS)).toBe(true);
    expect(stored).toMatchObject({ languageLocale: 'es-MX', parent, flow: 'join' });
  });

  it('server flags written to the join state are neither kept nor stored (they are read from the server state)', () => {
    const store = createStore();
    const withServerFlags = {
      ...store.get(joinStateAtom),
      flow: 'pro',
      proFirstName: 'Pat',
      agreedToTerms: true,
      userCreatedByPro: true,
      securityQuestionsComplete: true,
      migrationPricingGroup: 'P2',
    } as BrowserJoinState;
    store.set(joinStateAtom, withServerFlags);
    store.set(localeAtom, 'en-GB');
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.state)!) as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(
      Object.keys(stored)
        .filter((k) => browserKeys.includes(k))
        .sort(),
    );
    expect(stored).toMatchObject({ flow: 'pro', proFirstName: 'Pat', languageLocale: 'en-GB' });
    for (const flag of ['agreedToTerms', 'userCreatedByPro', 'securityQuestionsComplete', 'migrationPricingGroup']) {
      expect(stored).not.toHaveProperty(flag);
      expect(store.get(joinStateAtom)).not.toHaveProperty(flag);
    }
  });
});

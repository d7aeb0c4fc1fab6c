import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import {
  clearPersistedJoin,
  joinStateAtom,
  localeAtom,
  progressAtom,
  startJoinAtom,
  STORAGE_KEYS,
  withAuthedParent,
} from '../src/state/join-state.js';
import { currencyForCountry } from '@ofw/domain';
import { clampStep, nextStep, previousStep, stepsFor } from '../src/state/steps.js';

describe('join state atoms', () => {
  it('§3 Join state defaults the browser owns: phoneCountryCode +1, languageLocale en-US (coparentPricing P3 is the server answer)', () => {
    const store = createStore();
    const s = store.get(joinStateAtom);
    expect(s.parent.phoneCountryCode).toBe('+1');
    expect(s).not.toHaveProperty('coparentPricing');
    expect(s.languageLocale).toBe('en-US');
  });

  it('§3 persists in sessionStorage so a reload resumes the join', async () => {
    const a = createStore();
    a.set(joinStateAtom, {
      ...a.get(joinStateAtom),
      flow: 'join',
      parent: { phoneCountryCode: '+44', firstName: 'Ada' },
    });
    a.set(progressAtom, { ...a.get(progressAtom), step: 'terms', packageId: 2052 });
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.state)!).parent.firstName).toBe('Ada');
    // A new page load, as main.tsx and createAppContext do it: the atoms are created again, the stored join's schemas
    // load (a join is stored) and the app's store mounts the atoms, which read sessionStorage.
    vi.resetModules();
    const reloaded = await import('../src/state/join-state.js');
    expect(reloaded.hasStoredJoin()).toBe(true);
    await reloaded.loadStoredJoinValidation();
    const b = createStore();
    b.sub(reloaded.joinStateAtom, () => undefined);
    b.sub(reloaded.progressAtom, () => undefined);
    expect(b.get(reloaded.joinStateAtom).parent.phoneCountryCode).toBe('+44');
    expect(b.get(reloaded.progressAtom)).toMatchObject({ step: 'terms', packageId: 2052 });
  });

  it('a stored join is read only once its schemas are loaded; a fresh tab has nothing to validate', async () => {
    vi.resetModules();
    const fresh = await import('../src/state/join-state.js');
    expect(fresh.hasStoredJoin()).toBe(false);
    sessionStorage.setItem(STORAGE_KEYS.progress, JSON.stringify({ ...fresh.initialProgress(), step: 'payment' }));
    sessionStorage.setItem(
      STORAGE_KEYS.state,
      JSON.stringify({ ...createStore().get(fresh.joinStateAtom), flow: 'pro' }),
    );
    vi.resetModules();
    const reloaded = await import('../src/state/join-state.js');
    expect(reloaded.hasStoredJoin()).toBe(true);
    // created at module load, before the schemas: nothing unvalidated is trusted
    expect(createStore().get(reloaded.progressAtom).step).toBe('details');
    await reloaded.loadStoredJoinValidation();
    const store = createStore();
    store.sub(reloaded.progressAtom, () => undefined);
    store.sub(reloaded.joinStateAtom, () => undefined);
    expect(store.get(reloaded.progressAtom).step).toBe('payment');
    expect(store.get(reloaded.joinStateAtom).flow).toBe('pro');
  });

  it('a corrupt persisted value reads as the defaults instead of crashing', async () => {
    sessionStorage.setItem(STORAGE_KEYS.state, JSON.stringify({ languageLocale: 42, flow: 'bogus' }));
    sessionStorage.setItem(STORAGE_KEYS.progress, '{not json');
    vi.resetModules();
    const reloaded = await import('../src/state/join-state.js');
    const store = createStore();
    expect(store.get(reloaded.joinStateAtom).languageLocale).toBe('en-US');
    expect(store.get(reloaded.progressAtom).step).toBe('details');
  });

  it('§3 §6 isAuthedParent is derived by the domain rule from the auth value, invite token or user id', () => {
    const store = createStore();
    expect(store.get(joinStateAtom).isAuthedParent).toBe(false);
    // a value written for the flag is replaced by the rule's answer
    store.set(joinStateAtom, { ...store.get(joinStateAtom), isAuthedParent: true });
    expect(store.get(joinStateAtom).isAuthedParent).toBe(false);
    store.set(joinStateAtom, (s) => ({ ...s, inviteToken: 'invite-token-0123456789' }));
    expect(store.get(joinStateAtom).isAuthedParent).toBe(true);
    store.set(joinStateAtom, (s) => ({ ...s, inviteToken: undefined, parent: { ...s.parent, userId: 7 } }));
    expect(store.get(joinStateAtom).isAuthedParent).toBe(true);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.state)!).isAuthedParent).toBe(true);
    store.set(joinStateAtom, (s) => ({ ...s, parent: { ...s.parent, userId: undefined } }));
    expect(store.get(joinStateAtom).isAuthedParent).toBe(false);
    // the rule itself still reads an auth value (the SPA never holds one)
    expect(withAuthedParent({ ...store.get(joinStateAtom), authToken: '  ' }).isAuthedParent).toBe(false);
    expect(withAuthedParent({ ...store.get(joinStateAtom), authToken: 'tok-1' }).isAuthedParent).toBe(true);
  });

  it('sessions: the join state never holds or stores an auth token (the HttpOnly cookie is the session)', async () => {
    const store = createStore();
    store.set(joinStateAtom, (s) => ({ ...s, authToken: 'tok-secret-0123456789', parent: { ...s.parent, userId: 7 } }));
    expect(store.get(joinStateAtom)).not.toHaveProperty('authToken');
    expect(store.get(joinStateAtom).isAuthedParent).toBe(true);
    store.set(progressAtom, (p) => ({ ...p, signedIn: true }));
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('tok-secret');
    // a state an older version stored with a token loses it on reload
    sessionStorage.setItem(STORAGE_KEYS.state, JSON.stringify({ authToken: 'tok-old-0123456789' }));
    vi.resetModules();
    const reloaded = await import('../src/state/join-state.js');
    expect(createStore().get(reloaded.joinStateAtom)).not.toHaveProperty('authToken');
  });

  it('§6: a persisted isAuthedParent that the rule does not confirm is corrected on read (reload)', async () => {
    sessionStorage.setItem(STORAGE_KEYS.state, JSON.stringify({ isAuthedParent: true }));
    vi.resetModules();
    const reloaded = await import('../src/state/join-state.js');
    expect(createStore().get(reloaded.joinStateAtom).isAuthedParent).toBe(false);
  });

  it('never persists card data: the progress schema has no card fields', () => {
    const store = createStore();
    store.set(progressAtom, {
      ...store.get(progressAtom),
      billing: { streetAddress: '1 Main', locality: 'X', region: 'WA', postalCode: '98101' },
    });
    const raw = sessionStorage.getItem(STORAGE_KEYS.progress)!;
    expect(raw).not.toMatch(/number|cvv|expiration|nonce/i);
  });

  it('startJoin resets the join for a flow but keeps the language; §4 completion clears storage', () => {
    const store = createStore();
    store.set(localeAtom, 'es-MX');
    store.set(joinStateAtom, { ...store.get(joinStateAtom), authToken: 'x' });
    store.set(startJoinAtom, { flow: 'ctj', inviteToken: 'invite-token-0123456789' });
    const s = store.get(joinStateAtom);
    expect(s).toMatchObject({
      flow: 'ctj',
      isInvitedJoin: true,
      isJoin: false,
      languageLocale: 'es-MX',
      inviteToken: 'invite-token-0123456789',
    });
    expect(s).not.toHaveProperty('authToken');
    clearPersistedJoin();
    expect(sessionStorage.getItem(STORAGE_KEYS.state)).toBeNull();
  });
});

describe('steps', () => {
  it('§2 regular join: details → package → terms → payment → account', () => {
    const steps = stepsFor('join');
    expect(steps).toEqual(['details', 'package', 'terms', 'payment', 'account']);
    expect(nextStep(steps, 'terms')).toBe('payment');
    expect(previousStep(steps, 'terms')).toBe('package');
    expect(previousStep(steps, 'details')).toBe('details');
    expect(nextStep(steps, 'account')).toBe('account');
  });
  it('§4 Completion: a pro-created account passes without a subscription, so it skips package and payment', () => {
    expect(stepsFor('pro', { userCreatedByPro: true })).toEqual(['details', 'terms', 'account']);
    expect(stepsFor('pro')).toContain('payment');
    expect(clampStep(stepsFor('pro', { userCreatedByPro: true }), 'payment')).toBe('details');
  });
  it('§1/§5 currency from the country: GB and IE pay in GBP, CA CAD, AU AUD, NZ NZD, else USD', () => {
    expect(currencyForCountry('GB')).toBe('GBP');
    expect(currencyForCountry('IE')).toBe('GBP');
    expect(currencyForCountry('CA')).toBe('CAD');
    expect(currencyForCountry('AU')).toBe('AUD');
    expect(currencyForCountry('NZ')).toBe('NZD');
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry(undefined)).toBe('USD');
  });
});

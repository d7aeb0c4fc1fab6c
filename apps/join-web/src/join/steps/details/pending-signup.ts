import type { JoinCountryCode } from '@ofw/api-client';
import { atom, type createStore } from 'jotai';

/**
 * A Continue on the details step that the first-screen tree (src/first-screen.tsx) could not send — its port has no
 * sign-up mutation — waiting for the full app: the country the details were confirmed with. The full app's details
 * step takes it once ({@link takePendingSignup}) and sends that one `POST /signups`. In the jotai store (memory only,
 * not persisted), so it outlives the first-screen tree.
 */
export const pendingSignupAtom = atom<JoinCountryCode | undefined>(undefined);

type Store = ReturnType<typeof createStore>;

/**
 * Takes the waiting Continue out of the store, once: a second call (StrictMode's second effect run, another render)
 * gets `undefined`, so the sign-up is sent once.
 * @returns the country to sign up with, or `undefined` when no Continue waits.
 */
export function takePendingSignup(store: Store): JoinCountryCode | undefined {
  const country = store.get(pendingSignupAtom);
  if (country !== undefined) store.set(pendingSignupAtom, undefined);
  return country;
}

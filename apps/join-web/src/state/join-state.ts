import { isAuthedParent, type Flow } from '@ofw/domain';
import { atom, type SetStateAction } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type * as z from 'zod/mini';
import { browserFieldsOf, initialBrowserJoinState, type BrowserJoinState } from './browser-join-state.js';
import type { ProgressSchema, StoredJoinSchemas } from './stored-schemas.js';

export type { BrowserJoinState } from './browser-join-state.js';

/**
 * The join state the browser owns (spec §3 "Join state", {@link BrowserJoinState}: what the parent typed and what the
 * URL gave) and the join's progress, kept in jotai atoms and persisted in `sessionStorage`, so a reload, a return from
 * 3D Secure or from a wallet resumes the join where it was. The server's §3 flags (terms, billing address,
 * subscription, credentials, …) are read from `GET /parents/{userId}` (join/server-state.ts), never stored here.
 * Card data is never stored here: card numbers live only in the provider's cross-origin frames. Nor is the auth
 * token: the browser's session is join-api's HttpOnly `__Host-ofw_session` cookie, which no script can
 * read; the state keeps only that a signup happened ({@link JoinProgress} `signedIn`), and §3's `authToken` stays
 * unset.
 */

/** sessionStorage keys (exported for tests and for clearing on completion). */
export const STORAGE_KEYS = { state: 'ofw.join.state', progress: 'ofw.join.progress' } as const;

/** Any zod schema (classic or mini): what {@link validatedSessionStorage} needs of it. */
interface Validator<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

let storedJoinSchemas: StoredJoinSchemas | undefined;

/** Whether this tab's sessionStorage holds a join (state or progress) to resume; false when storage cannot be read. */
export function hasStoredJoin(): boolean {
  try {
    return Object.values(STORAGE_KEYS).some((key) => sessionStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}

/**
 * Loads the schemas a stored join is validated with (stored-schemas.ts: @ofw/domain's `JoinStateSchema` and the
 * progress schema, zod), once. Call it before `createAppContext` when {@link hasStoredJoin}: the app's store reads
 * sessionStorage when it mounts the persisted atoms. A fresh visitor has nothing stored, so /join's first load carries
 * no zod.
 */
export async function loadStoredJoinValidation(): Promise<void> {
  storedJoinSchemas ??= (await import('./stored-schemas.js')).storedJoinSchemas;
}

/**
 * JSON storage in sessionStorage whose values are validated on read with the schema `pick` chooses (a bad value reads
 * as the default). Nothing stored reads as the default without a schema. Before {@link loadStoredJoinValidation} a
 * stored value also reads as the default — jotai reads once when the atom is created, at module load — and the atom
 * reads it again, validated, when the app's store mounts it.
 */
function validatedSessionStorage<T>(pick: (schemas: StoredJoinSchemas) => Validator<T>) {
  const json = createJSONStorage<T>(() => sessionStorage);
  return {
    ...json,
    getItem: (key: string, initialValue: T): T => {
      const raw = json.getItem(key, initialValue);
      if (raw === initialValue || !storedJoinSchemas) return initialValue;
      const parsed = pick(storedJoinSchemas).safeParse(raw);
      return parsed.success ? parsed.data : initialValue;
    },
  };
}

/**
 * The browser's join state with `isAuthedParent` derived, never set (§6 "Authenticated status comes from an auth value,
 * an invite token or a user id": `@ofw/domain`'s `isAuthedParent({ authToken, inviteToken, userId })`; the browser
 * holds no auth value — its session is the HttpOnly cookie). Returns the same object when the flag is already right.
 */
export function withAuthedParent<S extends BrowserJoinState & { authToken?: string | undefined }>(state: S): S {
  const authed = isAuthedParent({
    authToken: state.authToken,
    inviteToken: state.inviteToken,
    userId: state.parent.userId,
  });
  return state.isAuthedParent === authed ? state : { ...state, isAuthedParent: authed };
}

const storedJoinStateAtom = atomWithStorage<BrowserJoinState>(
  STORAGE_KEYS.state,
  initialBrowserJoinState(),
  validatedSessionStorage((schemas) => schemas.joinState as unknown as Validator<BrowserJoinState>),
  { getOnInit: true },
);

/**
 * The join state the browser owns ({@link BrowserJoinState}) with §3's defaults (phoneCountryCode '+1',
 * languageLocale 'en-US'), persisted in sessionStorage. Only its fields are kept, on every read and write
 * (`browserFieldsOf`): a server flag or an `authToken` written to it, or stored by an older version, is dropped.
 * `isAuthedParent` is derived on every read and write ({@link withAuthedParent}): a value written for it is replaced by
 * the rule's answer.
 */
export const joinStateAtom = atom(
  (get) => withAuthedParent(browserFieldsOf(get(storedJoinStateAtom))),
  (get, set, update: SetStateAction<BrowserJoinState>) => {
    const next = typeof update === 'function' ? update(get(joinStateAtom)) : update;
    set(storedJoinStateAtom, withAuthedParent(browserFieldsOf(next)));
  },
);

export { STEP_IDS, type StepId } from './steps.js';

export type JoinProgress = z.infer<typeof ProgressSchema>;

/** The progress of a fresh join. */
export function initialProgress(): JoinProgress {
  return {
    step: 'details',
    years: 1,
    billing: { streetAddress: '', extendedAddress: '', locality: '', region: '', postalCode: '' },
    coParentEmail: { hasEmail: undefined, email: '' },
  };
}

/** Where the parent is in the join and what they chose so far (persisted beside the join state). */
export const progressAtom = atomWithStorage<JoinProgress>(
  STORAGE_KEYS.progress,
  initialProgress(),
  validatedSessionStorage<JoinProgress>((schemas) => schemas.progress),
  { getOnInit: true },
);

/** The UI locale: the join state's `languageLocale` (§3, default en-US). */
export const localeAtom = atom(
  (get) => get(joinStateAtom).languageLocale,
  (get, set, locale: string) => set(joinStateAtom, { ...get(joinStateAtom), languageLocale: locale }),
);

/**
 * Starts a new join for `flow` (keeping the chosen language): resets the join state and progress to their
 * defaults and sets `flow`, `isJoin`, `isInvitedJoin` and the given extra fields.
 */
export const startJoinAtom = atom(null, (get, set, input: { flow: Flow } & Partial<BrowserJoinState>) => {
  const languageLocale = get(joinStateAtom).languageLocale;
  set(joinStateAtom, {
    ...initialBrowserJoinState(),
    languageLocale,
    isJoin: input.flow === 'join',
    isInvitedJoin: input.flow === 'ctj',
    ...input,
  });
  set(progressAtom, initialProgress());
});

/** Clears everything the join persisted (on completion, §4: this also clears the invite token). */
export function clearPersistedJoin(storage: Storage = sessionStorage): void {
  storage.removeItem(STORAGE_KEYS.state);
  storage.removeItem(STORAGE_KEYS.progress);
}

/**
 * A small read/write atom over some fields of {@link progressAtom}: a hook that needs only those fields subscribes to
 * (and patches) only them. The progress stays one sessionStorage entry, so a reload resumes all of it at once.
 */
function progressSlice<K extends keyof JoinProgress>(keys: readonly K[]) {
  let last: Pick<JoinProgress, K> | undefined;
  return atom(
    (get) => {
      const p = get(progressAtom);
      const next = Object.fromEntries(keys.map((k) => [k, p[k]])) as Pick<JoinProgress, K>;
      // the same object while the fields are the same, so readers re-render only when a field of theirs changes
      if (last && keys.every((k) => Object.is(last![k], next[k]))) return last;
      last = next;
      return next;
    },
    (_get, set, patch: Partial<Pick<JoinProgress, K>>) => set(progressAtom, (p) => ({ ...p, ...patch })),
  );
}

/** The package the parent chose before an order exists: package id, 1/2-year switch, build-your-own, upgrade. */
export const chosenPackageAtom = progressSlice(['packageId', 'years', 'alaCarte', 'upgrade']);

/** The terms step's automatic renewal choice (docs/RENEWAL.md): `autoRenew` true only when ticked; never pre-set. */
export const autoRenewAtom = progressSlice(['autoRenew']);

/** The promotion code applied on the plans step (its §3 availability entry), until an order exists. */
export const promoCodeAtom = progressSlice(['coupon']);

/** The billing address typed on the payment or account step (not card data). */
export const billingDraftAtom = progressSlice(['billing']);

/** The co-parent email question's answer, until Finish sends it. */
export const coParentEmailDraftAtom = progressSlice(['coParentEmail']);

/** The signup of this tab: whether it happened (the session cookie), its handles and the attempt in doubt. */
export const signupAtom = progressSlice(['signedIn', 'signupId', 'registrationKey', 'signupAttempt']);

import { initialJoinState, type JoinState } from '@ofw/domain';

/*
 * The part of spec §3's join state the browser owns: what the parent typed, what the URL gave (the flow, an invite or
 * a professional's link) and what the invitation resolved to. The rest of §3 — terms agreed, billing address given,
 * subscription, credentials, security questions, pro-created account, pricing groups, grace logins, coupons — is the
 * server's: join-web reads it from `GET /parents/{userId}` through TanStack Query (join/server-state.ts
 * `useParentState`) and never copies it into the browser's state. §3's `authToken` is not the browser's either: the
 * session is join-api's HttpOnly cookie (docs/CONTRACTS.md "Session cookie").
 *
 * Zod-free on purpose: a fresh visitor's first load of /join starts a join without loading any schema
 * (stored-schemas.ts derives the stored state's schema from the same field list).
 */

/** The §3 fields the browser keeps, each with why it is the browser's (the mask of `JoinStateSchema.pick`). */
export const BROWSER_JOIN_STATE_FIELDS = {
  /** The country (and line 1) the parent typed on the details step. */
  address: true,
  /** The co-parent who invited this parent (from the invitation the link's token opened). */
  coParent: true,
  /** The inviting co-parent's country, shown before the signup. */
  coparentCountry: true,
  /** The invited family's members, named on the invitation page. */
  familyMembers: true,
  /** The flow the URL started (join, ctj, pro, …; spec §1). */
  flow: true,
  /** The invitation token of the link (cleared with the join on completion, §4). */
  inviteToken: true,
  /** Derived on every read and write (spec §6), never set (join-state.ts `withAuthedParent`). */
  isAuthedParent: true,
  /** Set from the flow when the join starts. */
  isInvitedJoin: true,
  /** Set from the flow when the join starts. */
  isJoin: true,
  /** The language the parent picked (default en-US). */
  languageLocale: true,
  /** The parent's details as typed, and the `userId` the signup answered. */
  parent: true,
  /** The professional's names from a professional's link (spec §1 "pro"). */
  proFirstName: true,
  proLastName: true,
  /** How the parent heard of OFW, as chosen on the details step. */
  referral: true,
} as const;

/** The join state the browser owns and persists in sessionStorage: a `Pick` of @ofw/domain's §3 `JoinState`. */
export type BrowserJoinState = Pick<JoinState, keyof typeof BROWSER_JOIN_STATE_FIELDS>;

const FIELDS = Object.keys(BROWSER_JOIN_STATE_FIELDS) as Array<keyof BrowserJoinState>;

/**
 * Only the browser's fields of `state` (a whole §3 state, or one stored by an older version with the server's flags
 * and an `authToken`): every other key is dropped. Returns a new object.
 */
export function browserFieldsOf(state: BrowserJoinState): BrowserJoinState {
  const kept: Partial<Record<keyof BrowserJoinState, unknown>> = {};
  for (const key of FIELDS) if (state[key] !== undefined) kept[key] = state[key];
  return kept as BrowserJoinState;
}

/**
 * A fresh browser join state with §3's defaults (parent.phoneCountryCode '+1', languageLocale 'en-US', `false` flags,
 * empty lists and objects), built without zod from @ofw/domain's `initialJoinState()`. A new object on every call.
 */
export function initialBrowserJoinState(): BrowserJoinState {
  return browserFieldsOf(initialJoinState());
}

import { createJoinState } from '@ofw/domain';
import { describe, expect, it } from 'vitest';
import { requireSignedIn, signedInUserId } from '../src/join/server-state.js';

/** A fresh join state whose parent has `userId` (none when `undefined`). */
function at(userId: string | number | undefined) {
  const state = createJoinState();
  return userId === undefined ? state : { ...state, parent: { ...state.parent, userId } };
}

describe('one signed-in user id for every step', () => {
  it('the join state user id (a string or a number, §3) is read as a number once the signup happened', () => {
    expect(signedInUserId(at('7'), { signedIn: true })).toBe(7);
    expect(signedInUserId(at(7), { signedIn: true })).toBe(7);
  });

  it('before the signup (no session cookie) there is no signed-in user id, even with a stored one', () => {
    // e.g. an invited co-parent: the family answer gave a user id, but the browser has no session yet
    expect(signedInUserId(at(7), {})).toBeUndefined();
    expect(signedInUserId(at(7), { signedIn: false })).toBeUndefined();
  });

  it('a missing, empty or non-numeric stored id is no user id', () => {
    for (const id of [undefined, '', 'abc', 0, -3, 1.5])
      expect(signedInUserId(at(id), { signedIn: true })).toBeUndefined();
  });

  it('a request that needs the session throws without a signed-in user id', () => {
    expect(requireSignedIn(7)).toBe(7);
    expect(() => requireSignedIn(undefined)).toThrow(/signed-in/);
  });
});

/** The join-state values {@link isAuthedParent} reads (spec §3 "Join state": authToken, inviteToken, parent.userId). */
export interface AuthedParentInput {
  /** The parent's auth value (join-api's auth token). */
  authToken?: string | null;
  /** The invited co-parent's invite token (§1 flow 'ctj'). */
  inviteToken?: string | null;
  /** The parent's user id (§3 parent.userId), a number or its decimal text. */
  userId?: string | number | null;
}

function present(value: string | number | null | undefined): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Whether the visitor counts as an authenticated parent (§3 Join state `isAuthedParent`): true when any of an auth
 * value, an invite token or a user id is present. "Present" means a non-blank string or a finite number; `null`,
 * `undefined`, `''` and blanks are absent. It says nothing about the token's validity (the server checks that and
 * answers 401, §6).
 *
 * Source: spec §6 "Roles and permissions": "Authenticated status comes from an auth value, an invite token or a user
 * id".
 */
export function isAuthedParent(input: AuthedParentInput): boolean {
  return present(input.authToken) || present(input.inviteToken) || present(input.userId);
}

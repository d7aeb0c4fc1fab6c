import type { Flow } from '../schemas.js';

/**
 * The join flow a route path belongs to.
 *
 * Source: spec §2 "Screens and routes": a path containing invite → `'ctj'`; containing join with pro → `'pro'`;
 * containing join → `'join'`. "Containing" is read as whole words of the path (split on anything that is not a
 * letter), case-insensitive, ignoring the query and hash — so `/join/pro` is `'pro'` but `/join/progress` is `'join'`.
 * Invite is checked first (`/invite/request` and `/join/invite/x` are the invited flow).
 *
 * @returns the flow, or `undefined` for any other path (e.g. `/ofw/home.form`).
 */
export function flowFromPath(path: string): Flow | undefined {
  const words = new Set(
    path
      .split(/[?#]/, 1)[0]!
      .toLowerCase()
      .split(/[^a-z]+/),
  );
  if (words.has('invite')) return 'ctj';
  if (words.has('join')) return words.has('pro') ? 'pro' : 'join';
  return undefined;
}

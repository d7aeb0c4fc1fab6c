import { families, users } from '../src/db/schema.js';
import { issueToken } from '../src/accounts.js';
import { SIGNUP, signup, testApp, type DATABASES, type TestApp } from './helpers.js';

/*
 * What the sessions tests share (docs/CONTRACTS.md "Session cookie"): the browser's `__Host-ofw_session` cookie, two
 * strong passwords, unique sign-ups, and parents at the states the tests start from.
 */

export const COOKIE = '__Host-ofw_session';
export const STRONG = 'violet-harbor-42-lantern';
export const STRONGER = 'quiet-meadow-97-compass';

/** The app the sessions tests run on `kind`, its PUBLIC_URL the origin a browser's writes must come from. */
export const sessionsApp = (kind: (typeof DATABASES)[number]) =>
  testApp({ kind, env: { PUBLIC_URL: 'https://join.example.com' } });

/** The session cookie a response sets (value and attributes), or undefined. */
export function sessionCookieOf(res: Response): { value: string; attributes: string } | undefined {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(';');
  return { value: pair!.slice(COOKIE.length + 1), attributes: attributes.join(';') };
}

/** The number of the last unique sign-up or invitee made (it makes usernames unique too). */
export let seq = 0;
/** SIGNUP with a fresh e-mail, `patch` spread over it. */
export const uniqueSignup = (patch: Record<string, unknown> = {}) => ({
  ...SIGNUP,
  parent: { ...SIGNUP.parent, email: `sessions${++seq}@example.com` },
  ...patch,
});

/** A cookie-authenticated call as the SPA makes it (same-origin fetch). */
export const asBrowser = (t: TestApp, token: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.call(path, {
    ...init,
    headers: { cookie: `${COOKIE}=${token}`, 'sec-fetch-site': 'same-origin', ...init.headers },
  });

/** A parent whose credentials are set (username `username`, password STRONG): the account is active. */
export async function activeParent(t: TestApp, username: string) {
  const p = await signup(t, uniqueSignup());
  const set = await t.call(`parents/${p.userId}/credentials`, {
    method: 'PUT',
    token: p.authToken,
    json: { username, password: STRONG },
  });
  const { authToken: token } = (await set.json()) as { authToken: string };
  return { p, token };
}

/** An invited co-parent (flow `ctj`, state `invited`) in a family of its own, and its invite token. */
export async function invitedParent(t: TestApp) {
  const [fam] = await t.db.insert(families).values({}).returning();
  const [invitee] = await t.db
    .insert(users)
    .values({
      familyId: fam!.id,
      firstName: 'Sam',
      lastName: 'Invitee',
      email: `invitee${++seq}@example.com`,
      country: 'US',
      flow: 'ctj',
      isInvited: true,
      accountState: 'invited',
    })
    .returning();
  const inviteToken = await issueToken(t.db, 'invite', { userId: invitee!.id, familyId: fam!.id, now: new Date() });
  return { invitee: invitee!, inviteToken };
}

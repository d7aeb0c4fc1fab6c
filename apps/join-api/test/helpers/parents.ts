import { eq } from 'drizzle-orm';
import { BILLING_ADDRESSES } from '@ofw/test-kit/fixtures';
import type { Db } from '../../src/db/client.js';
import { users } from '../../src/db/schema.js';
import type { TestApp } from './app.js';

export const SIGNUP = {
  flow: 'join',
  languageLocale: 'en-US',
  address: { country: 'US' },
  parent: {
    firstName: 'Pat',
    lastName: 'Parent',
    email: 'pat@example.com',
    phoneCountryCode: '+1',
    phoneNumber: '2025550143',
    timeZone: 'America/Chicago',
  },
};

/** The US billing address orders are sent with (@ofw/test-kit's, shared with the other workspaces' tests). */
export const BILLING = BILLING_ADDRESSES.US;

let signups = 0;

/**
 * POST /signups, then the address marked proven ({@link markProven}; `proveEmail` proves it through the API,
 * docs/IDENTITY.md) unless `prove` is false — so that limits and statements counted by a test stay its own. The default body gets an address of its own per call
 * (`pat+<n>@example.com`): one proven address pays for one subscription.
 */
export async function signup(t: TestApp, body: unknown = SIGNUP, o: { prove?: boolean } = {}) {
  const json =
    body === SIGNUP ? { ...SIGNUP, parent: { ...SIGNUP.parent, email: `pat+${++signups}@example.com` } } : body;
  const res = await t.call('signups', { method: 'POST', json });
  if (res.status !== 201) throw new Error(`signup failed ${res.status} ${await res.text()}`);
  const answer = (await res.json()) as {
    signupId: string;
    registrationKey: string;
    authToken: string;
    userId: number;
    emailVerified: boolean;
  };
  if (o.prove !== false && !answer.emailVerified) await markProven(t.db, answer.userId);
  return answer;
}

/**
 * Marks `userId`'s address proven straight in the database (docs/IDENTITY.md): for tests of later steps (payment,
 * invitations) that are not about the proof itself; `proveEmail` proves it through the API.
 */
export async function markProven(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
}

let newParents = 0;

/**
 * A new US parent (POST /signups, proven as {@link signup} proves) with a name and address of their own per call
 * (`ida<n>@example.com`): one proven address pays for one subscription, so each order test starts from nothing paid.
 */
export function newParent(t: TestApp) {
  const n = ++newParents;
  return signup(t, {
    address: { country: 'US' },
    parent: { firstName: 'Ida', lastName: `Key${n}`, email: `ida${n}@example.com`, phoneNumber: '2025550101' },
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { families, users } from '../src/db/schema.js';
import { TOKEN_TTL_MS, issueToken } from '../src/accounts.js';
import { createApp } from '../src/app.js';
import { INVITE_ROTATION_GRACE_MS } from '../src/services/invite-family.js';
import { DATABASES, testApp, type TestApp } from './helpers.js';

const MINUTE = 60_000;

/** A family with an active parent and a pending invitee, and the invitee's invite token issued at `issuedAt`. */
async function invitedFamily(t: TestApp, issuedAt: Date) {
  const [fam] = await t.db.insert(families).values({}).returning();
  await t.db.insert(users).values({
    familyId: fam!.id,
    firstName: 'Alex',
    lastName: 'Inviter',
    email: `alex-${fam!.id}@example.com`,
    country: 'US',
    accountState: 'active',
  });
  const [invitee] = await t.db
    .insert(users)
    .values({
      familyId: fam!.id,
      firstName: '',
      lastName: '',
      email: `sam-${fam!.id}@example.com`,
      country: 'US',
      flow: 'ctj',
      isInvited: true,
      accountState: 'invited',
    })
    .returning();
  return issueToken(t.db, 'invite', { userId: invitee!.id, familyId: fam!.id, now: issuedAt });
}

describe.each(DATABASES)('invite rotation (%s)', (kind) => {
  let t!: TestApp;
  /** The test clock: every app below reads it. */
  let clock = Date.now();
  beforeAll(async () => {
    t = await testApp({ kind, inviteRotateAfterMs: 0, now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  /** `GET /invites/check` with `token` at the instant `at`. */
  const checkAt = async (token: string, at: number) => {
    const app = createApp({ ...t.deps, now: () => new Date(at) });
    return (await app.request('/api/v1/invites/check', { headers: { authorization: `Bearer ${token}` } })).status;
  };
  const family = async (token: string) =>
    (await (await t.call('invites/family', { token })).json()) as { inviteToken?: string };

  it('the e-mailed link keeps working for the grace period after a rotation, then stops', async () => {
    clock = Date.now();
    const emailed = await invitedFamily(t, new Date(clock - 2 * 24 * 60 * MINUTE));
    const { inviteToken } = await family(emailed);
    expect(inviteToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(INVITE_ROTATION_GRACE_MS).toBe(15 * MINUTE);
    expect(await checkAt(emailed, clock + INVITE_ROTATION_GRACE_MS - MINUTE)).toBe(204);
    expect(await checkAt(emailed, clock + INVITE_ROTATION_GRACE_MS + MINUTE)).toBe(401);
    expect(await checkAt(inviteToken!, clock + INVITE_ROTATION_GRACE_MS + MINUTE)).toBe(204);
    // the link in its grace period is served but never rotates again
    expect((await family(emailed)).inviteToken).toBeUndefined();
  });

  it('a rotated token inherits the expiry of the one it replaces (use never extends an invite)', async () => {
    const issuedAt = Date.now() - 3 * 24 * 60 * MINUTE;
    clock = Date.now();
    const emailed = await invitedFamily(t, new Date(issuedAt));
    const expiresAt = issuedAt + TOKEN_TTL_MS.invite;
    const { inviteToken } = await family(emailed);
    expect(await checkAt(inviteToken!, expiresAt - MINUTE)).toBe(204);
    expect(await checkAt(inviteToken!, expiresAt + MINUTE)).toBe(401);
    // and a second rotation (of the new token) inherits it again
    clock = Date.now() + 2 * 24 * 60 * MINUTE;
    const second = (await family(inviteToken!)).inviteToken;
    expect(second).toBeDefined();
    expect(await checkAt(second!, expiresAt - MINUTE)).toBe(204);
    expect(await checkAt(second!, expiresAt + MINUTE)).toBe(401);
  });

  it('concurrent rotations of one token leave exactly one live successor', async () => {
    clock = Date.now();
    const emailed = await invitedFamily(t, new Date(clock - 2 * 24 * 60 * MINUTE));
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.call('invites/family', { token: emailed })));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    const successors = (
      await Promise.all(answers.map(async (r) => ((await r.json()) as { inviteToken?: string }).inviteToken))
    ).filter((x): x is string => x !== undefined);
    const afterGrace = clock + INVITE_ROTATION_GRACE_MS + MINUTE;
    const live = [];
    for (const s of successors) if ((await checkAt(s, afterGrace)) === 204) live.push(s);
    expect(successors).toHaveLength(1);
    expect(live).toHaveLength(1);
  });
});

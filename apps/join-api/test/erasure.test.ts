import { describe, expect, it } from 'vitest';
import { eq, getTableColumns } from 'drizzle-orm';
import {
  emailCodes,
  families,
  idempotencyKeys,
  orders,
  outbox,
  securityAnswers,
  signups,
  subscriptions,
  tokens,
  users,
} from '../src/db/schema.js';
import { issueToken } from '../src/accounts.js';
import { eraseCommand } from '../src/cli/erase-command.js';
import { erasedEmail } from '../src/erasure.js';
import { DATABASES, order, signup, withFakeSandboxApp, type TestApp } from './helpers.js';

/** Every column of `users` that holds a parent's personal data (SECURITY.md "Retention of personal data"). */
const PII_COLUMNS = [
  'emailVerifiedAt',
  'firstName',
  'lastName',
  'email',
  'phoneCountryCode',
  'phoneNumber',
  'addressLine1',
  'billingAddress',
  'coParentEmail',
  'username',
  'passwordHash',
  'proFirstName',
  'proLastName',
  'referral',
  'vaultCustomerId',
] as const;
/** The other columns: ids, state, settings and dates (a new column must be put in one of the two lists). */
const OTHER_COLUMNS = [
  'id',
  'familyId',
  'timeZone',
  'country',
  'languageLocale',
  'flow',
  'accountState',
  'userCreatedByPro',
  'isInvited',
  'agreedToTermsAt',
  'coParentEmailAnsweredAt',
  'requireCredentials',
  'securityQuestionsComplete',
  'coparentPricing',
  'migrationPricingGroup',
  'hasMigratedTo2k',
  'parentAccountType',
  'graceLogins',
  'erasedAt',
  'createdAt',
];

describe.each(DATABASES)('erasure of a parent (UK GDPR Art. 17) (%s)', (kind) => {
  let t!: TestApp;
  withFakeSandboxApp(kind, {}, (_s, a) => {
    t = a;
  });
  const NOW = new Date();

  /** The vault customers the command deleted (a gateway whose `customer.delete` succeeds, as Braintree's does). */
  const deleted: string[] = [];
  const vault = { deleteCustomer: (id: string) => (deleted.push(id), Promise.resolve('deleted' as const)) };

  async function run(argv: string[], gateway: Parameters<typeof eraseCommand>[2]['gateway'] = vault) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await eraseCommand(t.db, argv, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      now: NOW,
      ...(gateway ? { gateway } : {}),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  /** A parent who paid, set credentials and security answers, and invited a co-parent (a placeholder account). */
  async function paidParent(tag: string) {
    const email = `erase.${tag}.${kind}@example.com`;
    const p = await signup(t, {
      flow: 'join',
      languageLocale: 'en-GB',
      address: { country: 'GB' },
      parent: { firstName: 'Erin', lastName: 'Eraseme', email, phoneCountryCode: '+44', phoneNumber: '7700900123' },
    });
    let token = p.authToken;
    await t.call(`parents/${p.userId}/terms`, { method: 'PUT', token, json: { agreedToTerms: true } });
    const creds = await t.call(`parents/${p.userId}/credentials`, {
      method: 'PUT',
      token,
      json: { username: `erin.${tag}.${kind}`, password: 'correct horse battery staple' },
    });
    expect(creds.status).toBe(200);
    token = ((await creds.json()) as { authToken: string }).authToken;
    const paid = await order(t, token, `erase-${tag}-0001`, { packageId: 2061 });
    expect(paid.status).toBe(201);
    await t.db.insert(securityAnswers).values({ userId: p.userId, position: 1, questionId: 1, answerHash: 'x' });
    await t.db
      .update(users)
      .set({ vaultCustomerId: `cust_${tag}` })
      .where(eq(users.id, p.userId));
    const answer = await t.call(`parents/${p.userId}/coparent-email`, {
      method: 'PUT',
      token,
      json: { coParentEmail: `third.party.${tag}.${kind}@example.com` },
    });
    expect(answer.status).toBe(200);
    return { ...p, email, token };
  }

  it('erase by id: every personal column is emptied, accounting rows stay, the invitation and its e-mails go', async () => {
    const p = await paidParent('id');
    const [before] = await t.db.select().from(orders).where(eq(orders.userId, p.userId));
    const sentAt = new Date();
    await t.db.insert(emailCodes).values({
      userId: p.userId,
      email: p.email,
      codeHash: 'salt.mac',
      triesLeft: 5,
      sentAt,
      expiresAt: new Date(sentAt.getTime() + 600_000),
    });
    const r = await run([String(p.userId)]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`user ${p.userId}: personal data erased`);
    expect(r.out).toContain('vault customer cust_id deleted');
    expect(deleted).toEqual(['cust_id']);

    expect(Object.keys(getTableColumns(users)).sort()).toEqual([...PII_COLUMNS, ...OTHER_COLUMNS].sort());
    const [row] = await t.db.select().from(users).where(eq(users.id, p.userId));
    for (const c of PII_COLUMNS) expect([null, '', erasedEmail(p.userId)], c).toContain(row![c]);
    expect(row!.accountState).toBe('erased');
    for (const table of [securityAnswers, tokens, signups, emailCodes])
      expect(await t.db.select().from(table).where(eq(table.userId, p.userId))).toEqual([]);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, p.userId))).toEqual([]);
    const mails = await t.db.select().from(outbox);
    expect(mails.filter((m) => JSON.stringify(m).includes('id.' + kind) || m.recipient === p.email)).toEqual([]);
    // the placeholder holding the third party's address is gone
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, `third.party.id.${kind}@example.com`)),
    ).toEqual([]);

    const [after] = await t.db.select().from(orders).where(eq(orders.userId, p.userId));
    expect(after).toMatchObject({
      id: before!.id,
      amountMinor: before!.amountMinor,
      currency: 'GBP',
      vatMinor: before!.vatMinor,
      invoiceNumber: before!.invoiceNumber,
      createdAt: before!.createdAt,
      status: 'paid',
      cardBrand: before!.cardBrand,
      cardLast4: null,
      paymentAccount: null,
      billingAddress: null,
    });
    expect(before!.cardLast4).not.toBeNull();
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId));
    expect(sub).toMatchObject({ status: 'ended', autoRenew: false, paymentMethodToken: null, paymentMethod: null });
    // the session no longer opens anything
    expect((await t.call(`parents/${p.userId}`, { token: p.token })).status).toBe(401);

    // a second erase is a no-op
    const again = await run([String(p.userId)]);
    expect(again.code).toBe(0);
    expect(again.out).toContain('already erased');
  });

  it('erase by e-mail (any case): the co-parent of the family keeps a working account', async () => {
    const p = await paidParent('mail');
    const [parent] = await t.db.select().from(users).where(eq(users.id, p.userId));
    const [coParent] = await t.db
      .insert(users)
      .values({
        familyId: parent!.familyId,
        firstName: 'Casey',
        lastName: 'Coparent',
        email: `casey.${kind}@example.com`,
        country: 'GB',
        accountState: 'active',
        coParentEmail: p.email,
      })
      .returning();
    const caseyToken = await issueToken(t.db, 'auth', { userId: coParent!.id, now: new Date() });

    const dry = await run(['--dry-run', p.email.toUpperCase()]);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('would be erased');
    expect((await t.db.select().from(users).where(eq(users.id, p.userId)))[0]!.email).toBe(p.email);

    // the database is erased; the vault customer the gateway failed to delete is named for the operator (exit 3)
    const down = { deleteCustomer: () => Promise.reject(new Error('gateway timeout')) };
    const r = await run([p.email.toUpperCase()], down);
    expect(r.code).toBe(3);
    expect(r.err).toContain(`vault customer cust_mail by hand`);
    expect(deleted).not.toContain('cust_mail');
    const [casey] = await t.db.select().from(users).where(eq(users.id, coParent!.id));
    expect(casey).toMatchObject({ firstName: 'Casey', accountState: 'active', coParentEmail: null });
    expect(await t.db.select().from(families).where(eq(families.id, parent!.familyId))).toHaveLength(1);
    const me = await t.call(`parents/${coParent!.id}`, { token: caseyToken });
    expect(me.status).toBe(200);
    // the address is gone: a second erase by it matches nothing
    expect((await run([p.email])).code).toBe(1);
  });

  it('an unknown id or address exits non-zero with a clear message; bad arguments print the usage', async () => {
    const byId = await run(['987654']);
    expect(byId.code).toBe(1);
    expect(byId.err).toContain('no account matches user id 987654');
    const byMail = await run(['nobody@example.com']);
    expect(byMail.code).toBe(1);
    expect(byMail.err).toContain('no account matches e-mail nobody@example.com');
    expect((await run([])).code).toBe(2);
    expect((await run(['not an address'])).err).toContain('usage: pnpm --filter join-api erase');
  });
});

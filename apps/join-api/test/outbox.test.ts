import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { and, eq } from 'drizzle-orm';
import { outbox, tokens, users } from '../src/db/schema.js';
import { claimDue, deliverDue, messageIdOf, smtpMailer, startOutboxWorker, type Mailer } from '../src/outbox.js';
import { openDatabase, type Database } from '../src/db/client.js';
import {
  DATABASES,
  SIGNUP,
  order,
  signup,
  startFakeSandbox,
  testApp,
  type FakeSandbox,
  type TestApp,
  markPaid,
} from './helpers.js';

/** A free TCP port on 127.0.0.1 (nothing listens on it until a catcher is started there). */
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** An in-process SMTP server (smtp-server) that keeps every message it accepts, parsed. */
async function startCatcher(port: number) {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          messages.push(m);
          callback();
        })
        .catch((e: Error) => callback(e));
    },
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return { messages, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const linkIn = (m: ParsedMail) => /\/invite\/([A-Za-z0-9_-]{43})\b/.exec(m.text ?? '')?.[1];

describe.each(DATABASES)('outbox: invitations and receipts over SMTP (%s)', (kind) => {
  let sandbox: FakeSandbox;
  let t: TestApp;
  let smtpPort: number;
  let catcher: Awaited<ReturnType<typeof startCatcher>> | undefined;
  let mailer: Mailer;
  let clock = Date.now();
  const now = () => new Date(clock);
  const deliver = (m: Mailer = mailer) =>
    deliverDue({ db: t.db, mailer: m, logger: t.deps.logger, from: 'OFW <no-reply@example.com>', now });
  let n = 0;
  const parent = async (languageLocale = 'en-US', country = 'US') => {
    const email = `payer${++n}-${kind}@example.com`;
    const s = await signup(t, { ...SIGNUP, languageLocale, address: { country }, parent: { ...SIGNUP.parent, email } });
    return { ...s, email };
  };
  const answer = (p: { userId: number; authToken: string }, coParentEmail: string | null) =>
    t.call(`parents/${p.userId}/coparent-email`, { method: 'PUT', token: p.authToken, json: { coParentEmail } });
  const rowsFor = (recipient: string) => t.db.select().from(outbox).where(eq(outbox.recipient, recipient));

  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    t = await testApp({ kind, sandboxUrl: sandbox.url, now });
    smtpPort = await freePort();
    mailer = smtpMailer(`smtp://127.0.0.1:${smtpPort}`);
    catcher = await startCatcher(smtpPort);
  });
  afterAll(async () => {
    mailer.close?.();
    await catcher?.close();
    await t.close();
    await sandbox.close();
  });

  it('a paid join answering the co-parent question → receipt ($149.99) and invitation; the link from the e-mail completes the invited join into the same family', async () => {
    const p = await parent();
    const paid = await order(t, p.authToken, 'key-invite-0001', { packageId: 2051 });
    expect(paid.status).toBe(201);
    const { orderId } = (await paid.json()) as { orderId: string };
    expect((await answer(p, 'Co.Parent.One@Example.com')).status).toBe(200);
    const sentBefore = catcher!.messages.length;
    expect(await deliver()).toMatchObject({ sent: 2, retried: 0, failed: 0 });
    const mails = catcher!.messages.slice(sentBefore);

    const receipt = mails.find((m) => m.subject?.includes('receipt'))!;
    expect(receipt.to).toMatchObject({ text: p.email });
    expect(receipt.text).toContain('$149.99 USD');
    expect(receipt.text).toContain('Visa ending in 1111');
    expect(receipt.text).toContain(orderId);
    expect(receipt.html).toContain('$149.99 USD');

    const invitation = mails.find((m) => m.subject === 'Pat invited you to OurFamilyWizard')!;
    expect(invitation.to).toMatchObject({ text: 'co.parent.one@example.com' });
    expect(invitation.text).not.toMatch(/[$£]|149\.99/);
    const token = linkIn(invitation)!;
    expect(invitation.text).toContain(`${t.env.PUBLIC_URL}/invite/${token}`);
    // hashed at rest: the clear token is in no table once the message went out
    const [row] = await rowsFor('co.parent.one@example.com');
    expect(row).toMatchObject({ status: 'sent', messageId: messageIdOf(row!.id) });
    expect(JSON.stringify(row!.payload)).not.toContain(token);
    const stored = await t.db.select().from(tokens).where(eq(tokens.kind, 'invite'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const family = await t.call('invites/family', { token });
    expect(family.status).toBe(200);
    const body = (await family.json()) as { familyMembers: { userId: number }[]; userId: number };
    expect(body.familyMembers.map((m) => m.userId)).toEqual([p.userId]);
    const joined = await signup(t, {
      ...SIGNUP,
      flow: 'ctj',
      inviteToken: token,
      parent: { ...SIGNUP.parent, firstName: 'Cam', email: 'co.parent.one@example.com' },
    });
    expect(joined.userId).toBe(body.userId);
    const [payer] = await t.db.select().from(users).where(eq(users.id, p.userId));
    const [coParent] = await t.db.select().from(users).where(eq(users.id, joined.userId));
    expect(coParent!.familyId).toBe(payer!.familyId);
    expect(coParent!.firstName).toBe('Cam');
    // the link was single-use
    expect((await t.call('invites/check', { token })).status).toBe(401);
  });

  it('GBP receipt in the parent language: £107.99 with £18.00 VAT (en-GB); Spanish for an es_MX payer', async () => {
    const gb = await parent('en-GB', 'GB'); // GBP is sold to GB parents only
    expect((await order(t, gb.authToken, 'key-gb-0001', { packageId: 2061 })).status).toBe(201);
    const es = await parent('es_MX');
    expect((await order(t, es.authToken, 'key-es-0001', { packageId: 2051 })).status).toBe(201);
    const before = catcher!.messages.length;
    await deliver();
    const mails = catcher!.messages.slice(before);
    const gbMail = mails.find((m) => (m.to as { text: string }).text === gb.email)!;
    expect(gbMail.text).toContain('£107.99 GBP');
    expect(gbMail.text).toMatch(/Including VAT\s+£18\.00/);
    const esMail = mails.find((m) => (m.to as { text: string }).text === es.email)!;
    expect(esMail.subject).toMatch(/^Tu recibo de OurFamilyWizard/);
    expect(esMail.text).toContain('$149.99 USD');
  });

  it('fault: SMTP down during a join — the join completes, the mail waits with backoff and goes out when SMTP returns', async () => {
    await catcher!.close();
    catcher = undefined;
    const p = await parent();
    const downOrder = await order(t, p.authToken, 'key-down-0001', { packageId: 2051 });
    expect(downOrder.status, await downOrder.clone().text()).toBe(201);
    expect((await answer(p, 'down.coparent@example.com')).status).toBe(200);
    expect(await deliver()).toMatchObject({ sent: 0, retried: 2 });
    const [waiting] = await rowsFor('down.coparent@example.com');
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(clock);
    // not due yet: nothing is claimed before the backoff is over
    expect(await deliver()).toMatchObject({ sent: 0, retried: 0 });

    catcher = await startCatcher(smtpPort);
    clock += 60_000;
    expect(await deliver()).toMatchObject({ sent: 2, retried: 0 });
    expect(catcher.messages.map((m) => (m.to as { text: string }).text).sort()).toEqual(
      [p.email, 'down.coparent@example.com'].sort(),
    );
    const [done] = await rowsFor('down.coparent@example.com');
    expect(done).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('fault: a worker killed after the SMTP server accepted a message and before marking it → exactly one duplicate, same Message-ID', async () => {
    const p = await parent();
    await markPaid(t.db, p.userId, now());
    expect((await answer(p, 'crash.coparent@example.com')).status).toBe(200);
    const before = catcher!.messages.length;
    // The "killed" worker: claims, sends, and dies before its UPDATE … status = 'sent'.
    const [claimed] = await claimDue(t.db, now(), 10, 120_000);
    expect(claimed!.recipient).toBe('crash.coparent@example.com');
    const { renderEmail } = await import('../src/emails/render.js');
    const mail = await renderEmail('invitation', claimed!.payload as never);
    await mailer.send({ from: 'x@example.com', to: claimed!.recipient, ...mail, messageId: messageIdOf(claimed!.id) });
    // While its claim is live, no other worker touches the row.
    expect(await deliver()).toMatchObject({ sent: 0 });
    clock += 120_001;
    expect(await deliver()).toMatchObject({ sent: 1 });
    const copies = catcher!.messages.slice(before).filter((m) => m.messageId === messageIdOf(claimed!.id));
    expect(copies).toHaveLength(2);
    const [row] = await rowsFor('crash.coparent@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    // and never a third copy
    clock += 600_000;
    expect(await deliver()).toMatchObject({ sent: 0 });
  });

  it('two join-api processes on one database share the outbox: 40 messages, each sent exactly once', async () => {
    // A second connection to the same database plays the second process (PGlite: the same embedded database).
    let second: Database | undefined;
    if (kind === 'postgres') {
      const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
        .connectionString;
      second = await openDatabase({ databaseUrl: url, dataDir: '' });
    }
    const before = catcher!.messages.length;
    const recipients: string[] = [];
    for (let i = 0; i < 20; i++) {
      const p = await parent();
      recipients.push(p.email, `pair${i}-${kind}@example.com`);
      expect((await order(t, p.authToken, `key-pair-${i}`, { packageId: 2051 })).status).toBe(201);
      expect((await answer(p, `pair${i}-${kind}@example.com`)).status).toBe(200);
    }
    const sends = new Map<string, number>();
    const counting = (inner: Mailer): Mailer => ({
      async send(m) {
        sends.set(m.messageId, (sends.get(m.messageId) ?? 0) + 1);
        await inner.send(m);
      },
    });
    const common = {
      logger: t.deps.logger,
      from: 'OFW <no-reply@example.com>',
      now,
      batchSize: 3,
      intervalMs: 3_600_000,
    };
    const a = startOutboxWorker({ ...common, db: t.db, mailer: counting(mailer) });
    const b = startOutboxWorker({ ...common, db: second?.db ?? t.db, mailer: counting(mailer) });
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    await Promise.all([a.stop(), b.stop()]);
    await second?.close();
    const got = catcher!.messages.slice(before);
    expect(got).toHaveLength(40);
    expect(new Set(got.map((m) => m.messageId)).size).toBe(40);
    expect([...sends.values()].every((c) => c === 1)).toBe(true);
    expect(got.map((m) => (m.to as { text: string }).text).sort()).toEqual(recipients.sort());
    const left = await t.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(left).toHaveLength(0);
  });
});

describe('co-parent answer: bad input and the neutral answer', () => {
  let t: TestApp;
  let n = 0;
  const clock = { t: Date.now() };
  beforeAll(async () => {
    t = await testApp({ now: () => new Date(clock.t) });
  });
  afterAll(() => t.close());
  /** A parent who has paid (the co-parent answer waits for the payment). */
  const parent = async (email = `bad${++n}@example.com`) => {
    const s = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email } });
    await markPaid(t.db, s.userId, new Date(clock.t));
    return { ...s, email };
  };
  const answer = (p: { userId: number; authToken: string }, json: unknown) =>
    t.call(`parents/${p.userId}/coparent-email`, { method: 'PUT', token: p.authToken, json });
  const outboxRows = () => t.db.select().from(outbox);
  const invitedUsers = () => t.db.select().from(users).where(eq(users.accountState, 'invited'));
  const linkOf = (row: { payload: unknown }) => /\/invite\/(.+)$/.exec((row.payload as { link: string }).link)![1]!;

  it('own address (any case) → 400 naming coParentEmail; malformed → 400; nothing half-written', async () => {
    const p = await parent();
    const [rowsBefore, invitedBefore] = [(await outboxRows()).length, (await invitedUsers()).length];
    for (const json of [
      { coParentEmail: p.email.toUpperCase() },
      { coParentEmail: 'not-an-email' },
      { coParentEmail: 'a@b' },
      { coParentEmail: 42 },
      {},
    ]) {
      const res = await answer(p, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      const problem = (await res.json()) as { errors?: { field: string }[] };
      expect(problem.errors?.map((e) => e.field)).toContain('coParentEmail');
    }
    expect(await outboxRows()).toHaveLength(rowsBefore);
    expect(await invitedUsers()).toHaveLength(invitedBefore);
    const [row] = await t.db.select().from(users).where(eq(users.id, p.userId));
    expect(row).toMatchObject({ coParentEmail: null, coParentEmailAnsweredAt: null });
  });

  it('an address that has an account gets the same answer as a new one (no enumeration) and a sign-in e-mail, no invited account', async () => {
    const existing = await parent('already.here@example.com');
    expect(existing.userId).toBeGreaterThan(0);
    const a = await parent();
    const b = await parent();
    const resA = await answer(a, { coParentEmail: 'Already.Here@example.com' });
    const resB = await answer(b, { coParentEmail: 'brand.new@example.com' });
    expect([resA.status, resB.status]).toEqual([200, 200]);
    const strip = (s: Record<string, unknown>) => {
      const { parent: _p, coParentEmail: _c, ...rest } = s;
      return rest;
    };
    expect(strip((await resA.json()) as Record<string, unknown>)).toEqual(
      strip((await resB.json()) as Record<string, unknown>),
    );
    const rows = await outboxRows();
    expect(rows.find((r) => r.recipient === 'already.here@example.com')).toMatchObject({ kind: 'coparent_sign_in' });
    expect(rows.find((r) => r.recipient === 'brand.new@example.com')).toMatchObject({ kind: 'invitation' });
    const invited = await invitedUsers();
    expect(invited.map((u) => u.email)).toContain('brand.new@example.com');
    expect(invited.map((u) => u.email)).not.toContain('already.here@example.com');
  });

  it('changing the answer revokes the earlier invitation (link 401, unsent mail cancelled); the same answer again sends nothing new; "not now" revokes', async () => {
    const p = await parent();
    await answer(p, { coParentEmail: 'first.choice@example.com' });
    const [first] = (await outboxRows()).filter((r) => r.recipient === 'first.choice@example.com');
    const firstToken = linkOf(first!);
    expect((await t.call('invites/check', { token: firstToken })).status).toBe(204);

    expect((await answer(p, { coParentEmail: 'first.choice@example.com' })).status).toBe(200);
    expect((await outboxRows()).filter((r) => r.recipient === 'first.choice@example.com')).toHaveLength(1);

    await answer(p, { coParentEmail: 'second.choice@example.com' });
    expect((await t.call('invites/check', { token: firstToken })).status).toBe(401);
    const rows = await outboxRows();
    const cancelled = rows.find((r) => r.id === first!.id)!;
    expect(cancelled.status).toBe('cancelled');
    expect((cancelled.payload as { link?: string }).link).toBeUndefined();
    const second = rows.find((r) => r.recipient === 'second.choice@example.com')!;
    expect(second.status).toBe('pending');
    const secondToken = linkOf(second);
    // one invited account per family, re-addressed
    const [u] = await t.db.select().from(users).where(eq(users.id, p.userId));
    const family = (await invitedUsers()).filter((x) => x.familyId === u!.familyId);
    expect(family.map((x) => x.email)).toEqual(['second.choice@example.com']);

    await answer(p, { coParentEmail: null });
    expect((await t.call('invites/check', { token: secondToken })).status).toBe(401);
    const [after] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.id, second.id)));
    expect(after!.status).toBe('cancelled');
  });
});

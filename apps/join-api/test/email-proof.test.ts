import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailCodes, outbox, users } from '../src/db/schema.js';
import { deliverDue, type OutgoingMail } from '../src/outbox.js';
import { startServer, type RunningServer } from '../src/server.js';
import { SIGNUP, lastEmailCode, signup, testApp, type TestApp } from './helpers.js';

const MINUTE = 60_000;

/**
 * The one-time code that proves a parent's address (docs/IDENTITY.md "Lifetimes and limits"): 6 digits, 10 minutes,
 * 5 tries taken before they are compared, stored as a salted hash, resent at most 5 times an hour per address. The
 * clock is the services' (`now`), moved by the test.
 */
describe('e-mail proof by a one-time code', () => {
  let t: TestApp;
  let clock = Date.parse('2026-03-02T10:00:00Z');
  let n = 0;
  let server: RunningServer;
  beforeAll(async () => {
    t = await testApp({ now: () => new Date(clock), env: { RATE_LIMIT_FACTOR: '1' } });
    server = await startServer(t.deps, { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  /** A parent that signed up (unproven) from a client address of its own, with a code sent. */
  async function parentWithCode(email = `proof${++n}@example.com`) {
    const address = `10.9.0.${++n}`;
    const s = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email } }, { prove: false });
    const sent = await t.call(`parents/${s.userId}/email-code`, { method: 'POST', token: s.authToken, address });
    expect(sent.status).toBe(200);
    return { ...s, address, email, code: await lastEmailCode(t, s.userId), sent: await sent.json() };
  }
  const verify = (p: { userId: number; authToken: string; address: string }, code: string) =>
    t.call(`parents/${p.userId}/email-verification`, {
      method: 'POST',
      token: p.authToken,
      address: p.address,
      json: { code },
    });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends 6 digits that work for 10 minutes and 5 tries; the answer says so', async () => {
    const p = await parentWithCode();
    expect(p.code).toMatch(/^\d{6}$/);
    expect(p.sent).toEqual({
      email: p.email,
      expiresAt: new Date(clock + 10 * MINUTE).toISOString(),
      triesLeft: 5,
      resendAfterSeconds: 30,
    });
    const state = (await (await t.call(`parents/${p.userId}`, { token: p.authToken })).json()) as {
      emailVerified: boolean;
    };
    expect(state.emailVerified).toBe(false);
  });

  it('the right code, pasted with spaces or dashes, proves the address; sent again it answers the same', async () => {
    const p = await parentWithCode();
    const pasted = ` ${p.code.slice(0, 3)}-${p.code.slice(3)} `;
    const res = await verify(p, pasted);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ emailVerified: true, existingAccount: null });
    expect((await verify(p, pasted)).status).toBe(200);
    const state = (await (await t.call(`parents/${p.userId}`, { token: p.authToken })).json()) as {
      emailVerified: boolean;
    };
    expect(state.emailVerified).toBe(true);
    // nothing left to prove: no code is sent any more
    const again = await t.call(`parents/${p.userId}/email-code`, { method: 'POST', token: p.authToken });
    expect(((await again.json()) as { code: string }).code).toBe('email_already_verified');
  });

  it('a code past its 10 minutes answers code_expired, even the right one', async () => {
    const p = await parentWithCode();
    clock += 10 * MINUTE - 1000;
    expect((await verify(p, wrong(p.code))).status).toBe(422);
    clock += 1000;
    const res = await verify(p, p.code);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('code_expired');
  });

  it('5 tries per code: wrong ones count down, the 5th and later answer too_many_tries, the right code too', async () => {
    const p = await parentWithCode();
    for (const left of [4, 3, 2, 1]) {
      const res = await verify(p, wrong(p.code));
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'code_incorrect', triesLeft: left });
    }
    expect(((await (await verify(p, wrong(p.code))).json()) as { code: string }).code).toBe('too_many_tries');
    expect(((await (await verify(p, p.code)).json()) as { code: string }).code).toBe('too_many_tries');
  });

  it('30 guesses at once over real sockets compare 5: four answer code_incorrect, then the right code is refused', async () => {
    const p = await parentWithCode();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${server.url}/api/v1/parents/${p.userId}/email-verification`, {
          method: 'POST',
          headers: { authorization: `Bearer ${p.authToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ code: String((Number(p.code) + 1 + i) % 1_000_000).padStart(6, '0') }),
        }).then(async (r) => ((await r.json()) as { code: string }).code),
      ),
    );
    expect(answers.filter((c) => c === 'code_incorrect')).toHaveLength(4);
    expect(answers.filter((c) => c === 'too_many_tries')).toHaveLength(26);
    expect(((await (await verify(p, p.code)).json()) as { code: string }).code).toBe('too_many_tries');
  });

  it('a code is stored only as a salted hash; its e-mail carries it and the outbox forgets it once sent', async () => {
    const p = await parentWithCode();
    const [row] = await t.db.select().from(emailCodes).where(eq(emailCodes.userId, p.userId));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{32}\.[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(p.code);
    const sent: OutgoingMail[] = [];
    await deliverDue({
      db: t.db,
      mailer: {
        send: (m) => {
          sent.push(m);
          return Promise.resolve();
        },
      },
      logger: t.deps.logger,
      from: 'OFW <no-reply@example.com>',
      now: () => new Date(clock),
      batchSize: 100,
    });
    const mail = sent.find((m) => m.to === p.email);
    expect(mail?.text).toContain(p.code);
    expect(mail?.subject).not.toContain(p.code);
    const [queued] = await t.db.select().from(outbox).where(eq(outbox.recipient, p.email));
    expect(queued!.payload).not.toHaveProperty('code');
    // the right code still works: the hash, not the outbox, is what it is compared with
    expect((await verify(p, p.code)).status).toBe(200);
  });

  it('a new code replaces the last one; resends wait 30 s and stop at 5 an hour per address (429, Retry-After)', async () => {
    const email = `resend${++n}@example.com`;
    const p = await parentWithCode(email);
    const first = p.code;
    const send = (q: { userId: number; authToken: string }, address: string) =>
      t.call(`parents/${q.userId}/email-code`, { method: 'POST', token: q.authToken, address });
    const soon = await send(p, p.address);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBe(30);
    // a second sign-up of the same address (another client) shares its hourly limit: the address is what is limited
    const twin = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email } }, { prove: false });
    clock += 31_000;
    expect((await send(p, p.address)).status).toBe(200);
    // the first code was replaced: it is compared with the new one's hash
    const second = await lastEmailCode(t, p.userId);
    expect(((await (await verify(p, first === second ? wrong(first) : first)).json()) as { code: string }).code).toBe(
      'code_incorrect',
    );
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      clock += 31_000;
      statuses.push((await send(i % 2 ? p : twin, `10.8.0.${i}`)).status);
    }
    // 2 sent before, 3 more: the 6th of the hour is refused
    expect(statuses).toEqual([200, 200, 200, 429]);
    clock += 60 * MINUTE;
    expect((await send(p, p.address)).status).toBe(200);
  });

  it('a code that is not 6 digits is 400 and uses no try', async () => {
    const p = await parentWithCode();
    const res = await verify(p, '12a456');
    expect(res.status).toBe(400);
    expect((await verify(p, wrong(p.code))).status).toBe(422);
    expect(await (await verify(p, wrong(p.code))).json()).toMatchObject({ triesLeft: 3 });
  });

  it('a code proves the address it was sent to only', async () => {
    const p = await parentWithCode();
    await t.db
      .update(users)
      .set({ email: `changed${n}@example.com` })
      .where(eq(users.id, p.userId));
    const res = await verify(p, p.code);
    expect(((await res.json()) as { code: string }).code).toBe('code_incorrect');
  });
});

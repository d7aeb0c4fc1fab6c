import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/env.js';
import { demoBanner, seedDemo } from '../src/seed.js';
import { createLogger } from '../src/lib/logger.js';
import { LogSink, PRODUCTION_ENV, SIGNUP, testApp, type TestApp } from './helpers.js';

/*
 * What production runs with (SECURITY.md "Production by default"; ASVS 16.2.5): its defaults, logs that carry no
 * personal data or credentials, and demo links that a reseed revokes.
 */
describe('production defaults', () => {
  const prod = PRODUCTION_ENV;

  it('NODE_ENV=production turns demo seeding off and Secure cookies on unless set', () => {
    const e = loadEnv(prod);
    expect(e.SEED_DEMO).toBe('false');
    expect(e.COOKIE_SECURE).toBe(true);
    // (SEED_DEMO=true is refused in production: test/production-env.test.ts)
    // HSTS off is refused there (test/production-env.test.ts)
    expect(() => loadEnv({ ...prod, COOKIE_SECURE: 'false' })).toThrow(/COOKIE_SECURE: cannot be false/);
    expect(loadEnv({ NODE_ENV: 'development' })).toMatchObject({ SEED_DEMO: 'true', COOKIE_SECURE: false });
  });

  it('the start-up banner never prints the pro-referral link in production', () => {
    const links = {
      join: 'https://x/join',
      pro: 'https://x/join/pro?referral=SECRET',
      invite: 'https://x/invite/a',
      inviteEmptyFamily: 'https://x/invite/b',
    };
    expect(demoBanner(links, true)).not.toContain('SECRET');
    expect(demoBanner(links, false)).toContain('SECRET');
  });

  it('HSTS on every answer when cookies are Secure (production default), not on plain-http development', async () => {
    const secure = await testApp({ env: { COOKIE_SECURE: 'true' } });
    const plain = await testApp({});
    try {
      for (const path of ['countries', '/join']) {
        const res = await secure.call(path);
        expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
        expect((await plain.call(path)).headers.get('strict-transport-security')).toBeNull();
      }
    } finally {
      await secure.close();
      await plain.close();
    }
  });
});

describe('unhandled errors log no query parameters', () => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('a failing insert (Drizzle query error) logs its class, SQLSTATE and request id, not the e-mail or phone', async () => {
    await t.db.execute(sql`alter table users add constraint refuse_all_inserts check (false) not valid`);
    const email = 'leak.check.12@example.com';
    const phone = '2025550177';
    const res = await t.call('signups', {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token-12', cookie: '__Host-ofw_session=secret-cookie-12' },
      json: { ...SIGNUP, parent: { ...SIGNUP.parent, email, phoneNumber: phone } },
    });
    expect(res.status).toBe(500);
    const line = t.logs.lines.find((l) => l.msg === 'unhandled error');
    expect(line).toBeDefined();
    expect(line).toMatchObject({ err: { type: 'DrizzleQueryError', code: '23514' } });
    expect(typeof line!.reqId).toBe('string');
    expect(t.logs.raw).not.toContain(email);
    expect(t.logs.raw).not.toContain(phone);
    expect(t.logs.raw).not.toContain('secret-cookie-12');
    expect(t.logs.raw).not.toContain('not-a-token-12');
  });

  it('pino redacts authorization and cookie headers wherever they are logged', () => {
    const sink = new LogSink();
    const logger = createLogger('info', sink);
    logger.info({ headers: { authorization: 'Bearer abc123', cookie: 'a=b1' }, req: { headers: { cookie: 'c=d2' } } });
    expect(sink.raw).not.toMatch(/abc123|b1|d2/);
  });
});

describe('reseeding the demo revokes the previous demo links', () => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('after a reseed the earlier demo pro-referral and invite links are refused; the new ones work', async () => {
    const first = await seedDemo(t.db, 'http://join.test');
    const second = await seedDemo(t.db, 'http://join.test');
    const referral = (links: { pro: string }) => new URL(links.pro).searchParams.get('referral')!;
    const invite = (links: { invite: string }) => links.invite.split('/invite/')[1]!;
    const proSignup = (token: string, email: string) =>
      t.call('signups', {
        method: 'POST',
        json: { ...SIGNUP, flow: 'pro', proReferralToken: token, parent: { ...SIGNUP.parent, email } },
      });
    const stale = await proSignup(referral(first), 'old.referral@example.com');
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ code: 'unauthorized' });
    expect((await t.call('invites/check', { token: invite(first) })).status).toBe(401);
    expect((await t.call('invites/check', { token: invite(second) })).status).toBe(204);
    expect((await proSignup(referral(second), 'new.referral@example.com')).status).toBe(201);
  });
});

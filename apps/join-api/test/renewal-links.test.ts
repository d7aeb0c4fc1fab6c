import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loadEnv } from '../src/env.js';
import { outbox, subscriptions } from '../src/db/schema.js';
import type { Services } from '../src/context.js';
import { runRenewals } from '../src/services/renewal/runner.js';
import { issueRenewalLink } from '../src/services/renewal/notices.js';
import type { RenewalNoticePayload } from '../src/emails/renewal.js';
import { SIGNUP, order, sameDatabaseApp, signup, testApp, type TestApp } from './helpers.js';
import { fakeVaultGateway } from './fake-vault.js';

/*
 * The renewal e-mails' links (docs/RENEWAL.md "Links"): no sign-in, single-use, expiring, one answer (404
 * link_invalid) for whatever is wrong with them, rate-limited per client address, and they change nothing but what
 * they say.
 */

const DAY = 24 * 60 * 60 * 1000;

describe('renewal links', () => {
  const fake = fakeVaultGateway();
  let t: TestApp;
  let s: Services;
  let clock = Date.parse('2026-03-01T15:00:00Z');
  const start = clock;
  let n = 0;

  beforeAll(async () => {
    t = await testApp({ gateway: fake.gateway, now: () => new Date(clock) });
    s = { ...t.deps, now: () => new Date(clock), inviteRotateAfterMs: 0 };
  });
  afterAll(() => t.close());

  async function paidParent(autoRenew: boolean) {
    clock = start;
    const email = `link${++n}@example.com`;
    const p = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email } });
    expect((await order(t, p.authToken, `link-key-${n}`, { autoRenew })).status).toBe(201);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId));
    return { ...p, email, sub: sub! };
  }

  /** The token of the link the e-mail `key` of `subscriptionId` carries. */
  async function linkOf(subscriptionId: number, key: string): Promise<string> {
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `renewal:${subscriptionId}:${key}`));
    return (row!.payload as RenewalNoticePayload).link!.split('/renewal/')[1]!;
  }

  const code = async (res: Response) => ((await res.json()) as { code: string }).code;

  it("a reminder's turn-off link: read changes nothing, turn-off works once, then link_invalid", async () => {
    const p = await paidParent(true);
    clock = start + 335 * DAY;
    await runRenewals(s);
    const token = await linkOf(p.sub.id, 'reminder_30');
    const read = await t.call(`renewal-links/${token}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      purpose: 'turn_off_renewal',
      firstName: 'Pat',
      subscription: { autoRenew: true, status: 'current' },
    });
    const [unchanged] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, p.sub.id));
    expect(unchanged).toEqual(p.sub);
    // another purpose's operation: the same 404
    expect(await code(await t.call(`renewal-links/${token}/session`, { method: 'POST' }))).toBe('link_invalid');
    const off = await t.call(`renewal-links/${token}/turn-off`, { method: 'POST' });
    expect(off.status).toBe(200);
    expect(((await off.json()) as { subscription: { autoRenew: boolean } }).subscription.autoRenew).toBe(false);
    const again = await t.call(`renewal-links/${token}/turn-off`, { method: 'POST' });
    expect(again.status).toBe(404);
    expect(await code(again)).toBe('link_invalid');
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, p.sub.id));
    expect({ ...after, autoRenew: true, renewalDueAt: p.sub.renewalDueAt }).toEqual(p.sub);
  });

  it('unknown and expired links answer 404 link_invalid; too many requests from one address 429', async () => {
    const p = await paidParent(true);
    expect(await code(await t.call(`renewal-links/${'x'.repeat(43)}`))).toBe('link_invalid');
    const expired = await issueRenewalLink(t.db, {
      purpose: 'turn_off_renewal',
      userId: p.userId,
      subscriptionId: p.sub.id,
      now: new Date(clock - 2 * DAY),
      expiresAt: new Date(clock - DAY),
    });
    expect(await code(await t.call(`renewal-links/${expired}/turn-off`, { method: 'POST' }))).toBe('link_invalid');
    const strict = sameDatabaseApp(t, { env: loadEnv({ ...process.env, NODE_ENV: 'test', RATE_LIMIT_FACTOR: '1' }) });
    let last = 0;
    for (let i = 0; i < 31; i++)
      last = (await strict.call(`renewal-links/${'y'.repeat(43)}`, { address: '203.0.113.9' })).status;
    expect(last).toBe(429);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, p.sub.id));
    expect(row).toEqual(p.sub);
  });

  it("a declined renewal's update link: client token, a nonce refused 422, a decline 402, then renewed", async () => {
    const p = await paidParent(true);
    fake.state.outcomesFor.set(p.email, ['declined']);
    clock = p.sub.expiresAt.getTime() - DAY + 1000;
    await runRenewals(s);
    const token = await linkOf(p.sub.id, 'declined_1');
    const config = await t.call(`renewal-links/${token}/payments-config`);
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ authorization: 'fake-client-token' });
    fake.state.clientTokenDown = true;
    const down = await t.call(`renewal-links/${token}/payments-config`);
    expect(down.status).toBe(503);
    expect(await code(down)).toBe('payment_gateway_unavailable');
    fake.state.clientTokenDown = false;
    const save = (key: string) =>
      t.call(`renewal-links/${token}/payment-method`, {
        method: 'POST',
        headers: { 'idempotency-key': key },
        json: { paymentMethodNonce: 'fake-valid-mastercard-nonce' },
      });
    fake.state.saveOutcome = 'unknown';
    let res = await save('update-key-1');
    expect(res.status).toBe(422);
    expect(await code(res)).toBe('payment_method_expired');
    fake.state.saveOutcome = 'saved';
    fake.state.outcomesFor.set(p.email, ['declined']);
    res = await save('update-key-2');
    expect(res.status).toBe(402);
    expect(await code(res)).toBe('processor_declined');
    res = await save('update-key-3');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      outcome: 'renewed',
      subscription: { status: 'current', paymentMethod: { brand: 'MasterCard', last4: '4444' } },
    });
    const current = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, p.userId), eq(subscriptions.status, 'current')));
    expect(current).toHaveLength(1);
    expect(current[0]!.startsAt.toISOString()).toBe(p.sub.expiresAt.toISOString());
    expect(await code(await save('update-key-4'))).toBe('link_invalid');
    // the runner charges nothing more: the renewed term is not due
    const calls = fake.state.vaultedCalls.length;
    await runRenewals(s);
    expect(fake.state.vaultedCalls.length).toBe(calls);
  });

  it('a come-back link signs the parent in once, to join again at the expired pricing', async () => {
    const p = await paidParent(false);
    clock = p.sub.expiresAt.getTime() + 1000;
    await runRenewals(s);
    const token = await linkOf(p.sub.id, 'ended');
    const res = await t.call(`renewal-links/${token}/session`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('__Host-ofw_session=');
    const { authToken, userId } = (await res.json()) as { authToken: string; userId: number };
    expect(userId).toBe(p.userId);
    const state = (await (await t.call(`parents/${userId}`, { token: authToken })).json()) as {
      subscriptionStatus: string;
    };
    expect(state.subscriptionStatus).toBe('expired');
    expect(await code(await t.call(`renewal-links/${token}/session`, { method: 'POST' }))).toBe('link_invalid');
  });
});

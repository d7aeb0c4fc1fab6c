import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ParentStateSchema } from '@ofw/api-client';
import { outbox, users } from '../src/db/schema.js';
import { DATABASES, SIGNUP, order, signup, withFakeSandboxApp, type TestApp } from './helpers.js';

let n = 0;
const person = () => ({ ...SIGNUP, parent: { ...SIGNUP.parent, email: `language${++n}@example.com` } });

/**
 * §1 languages, §3 join state `languageLocale`: the language a parent switches to in the page after signing up is
 * stored (`PUT /parents/{userId}/language`), so what join-api sends later — written in the payer's or inviter's
 * `language_locale` when it is queued — speaks it, not the language of the sign-up.
 */
describe.each(DATABASES)('the parent’s language after a switch (%s)', (kind) => {
  let t: TestApp;
  withFakeSandboxApp(kind, {}, (_, app) => (t = app));
  const putLanguage = (userId: number, token: string | undefined, json: unknown) =>
    t.call(`parents/${userId}/language`, { method: 'PUT', json, ...(token ? { token } : {}) });

  it('§1 §3 a parent who signs up in English and switches to Spanish gets the receipt and the co-parent invitation in Spanish', async () => {
    const s = await signup(t, person());
    const res = await putLanguage(s.userId, s.authToken, { languageLocale: 'es_MX' });
    expect(res.status).toBe(200);
    expect(ParentStateSchema.parse(await res.json())).toMatchObject({ languageLocale: 'es-MX' });
    const paid = await order(t, s.authToken, `language-order-${s.userId}`); // §9 Premium, 1 year
    expect(paid.status).toBe(201);
    const { orderId } = (await paid.json()) as { orderId: string };
    const [receipt] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `receipt:${orderId}`));
    expect(receipt!.payload).toMatchObject({ languageLocale: 'es-MX' });
    const answer = await t.call(`parents/${s.userId}/coparent-email`, {
      method: 'PUT',
      token: s.authToken,
      json: { coParentEmail: `co.${s.userId}@example.com` },
    });
    expect(answer.status).toBe(200);
    const [invitation] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'invitation'), eq(outbox.recipient, `co.${s.userId}@example.com`)));
    expect(invitation!.payload).toMatchObject({ languageLocale: 'es-MX' });
  });

  it('not a locale is 400 naming the field, another parent 403, no token 401 — and the language stays', async () => {
    const a = await signup(t, person());
    const b = await signup(t, person());
    const bad = await putLanguage(a.userId, a.authToken, { languageLocale: 'spanish' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [expect.objectContaining({ field: 'languageLocale' })] });
    expect((await putLanguage(b.userId, a.authToken, { languageLocale: 'es-MX' })).status).toBe(403);
    expect((await putLanguage(b.userId, undefined, { languageLocale: 'es-MX' })).status).toBe(401);
    const rows = await t.db.select({ languageLocale: users.languageLocale }).from(users).where(eq(users.id, b.userId));
    expect(rows).toEqual([{ languageLocale: 'en-US' }]);
    const [own] = await t.db.select({ languageLocale: users.languageLocale }).from(users).where(eq(users.id, a.userId));
    expect(own).toEqual({ languageLocale: 'en-US' });
  });
});

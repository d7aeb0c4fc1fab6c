import { and, desc, eq } from 'drizzle-orm';
import { outbox, users } from '../../src/db/schema.js';
import type { TestApp } from './app.js';

/** The clear code of the last code e-mail queued for `userId`'s address (the outbox row holds it until sent). */
export async function lastEmailCode(t: TestApp, userId: number): Promise<string> {
  const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const [row] = await t.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, 'email_code'), eq(outbox.recipient, user!.email)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return (row!.payload as { code: string }).code;
}

/** Proves a parent's address through the API: a code sent, read from the outbox, entered. */
export async function proveEmail(t: TestApp, p: { userId: number; authToken: string }): Promise<void> {
  const sent = await t.call(`parents/${p.userId}/email-code`, { method: 'POST', token: p.authToken });
  if (sent.status !== 200) throw new Error(`email-code failed ${sent.status} ${await sent.text()}`);
  const code = await lastEmailCode(t, p.userId);
  const res = await t.call(`parents/${p.userId}/email-verification`, {
    method: 'POST',
    token: p.authToken,
    json: { code },
  });
  if (res.status !== 200) throw new Error(`email-verification failed ${res.status} ${await res.text()}`);
}

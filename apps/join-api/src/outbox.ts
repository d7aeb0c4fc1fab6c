import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from './db/client.js';
import { outbox } from './db/schema.js';
import type { Logger } from './lib/logger.js';
import { startPeriodicJob } from './lib/periodic-job.js';
import { renderEmail, type EmailKind, type EmailPayload } from './emails/render.js';
import { SmtpHealth } from './outbox-health.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type OutboxRow = typeof outbox.$inferSelect;

/** One message as handed to the SMTP transport. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per outbox row (`<outbox-<id>@ofw-join>`), so a duplicate after a crash carries the same Message-ID. */
  messageId: string;
}

/** Sends one message; rejects when the SMTP server did not accept it (`responseCode` 5xx = permanent). */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Checks the server without sending (nodemailer `verify()`: connects, greets, logs in); rejects when it cannot. */
  verify?(): Promise<void>;
  close?(): void;
}

/** An SMTP error the server answered with a 5xx code: retrying the same message cannot succeed. */
function isPermanent(e: unknown): boolean {
  const code = (e as { responseCode?: number } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * nodemailer over `SMTP_URL` (`smtp://host:port`, `smtps://user:pass@host:465`). Each send is bounded by the
 * transport's timeouts (connection 10 s, greeting 10 s, socket 30 s), all far below {@link OUTBOX_LEASE_MS}.
 */
export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    async verify() {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}

/**
 * Queues an e-mail **inside the caller's transaction** (the transactional outbox: the message exists if and only if
 * the event that causes it committed). A second message with the same `dedupeKey` is ignored.
 * @returns whether the message was queued (false: one with its `dedupeKey` was queued before).
 */
export async function enqueueEmail<K extends EmailKind>(
  tx: Tx | Db,
  m: { kind: K; recipient: string; payload: EmailPayload<K>; dedupeKey: string; topic?: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(outbox)
    .values({
      kind: m.kind,
      recipient: m.recipient,
      payload: m.payload,
      dedupeKey: m.dedupeKey,
      topic: m.topic ?? null,
      nextAttemptAt: m.now,
      createdAt: m.now,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** Cancels the pending messages of a topic (an invitation or a code replaced by a new one); links and codes are scrubbed. */
export async function cancelTopic(tx: Tx | Db, topic: string): Promise<number> {
  const rows = await tx
    .update(outbox)
    .set({ status: 'cancelled', lockedUntil: null, payload: sql`${outbox.payload} - 'link' - 'code'` })
    .where(and(eq(outbox.topic, topic), eq(outbox.status, 'pending')))
    .returning({ id: outbox.id });
  return rows.length;
}

/** How long a claim lasts: longer than one send can take (nodemailer's timeouts), then another worker may retry. */
export const OUTBOX_LEASE_MS = 2 * 60 * 1000;

export interface OutboxOptions {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  from: string;
  now?: () => Date;
  /** Messages claimed per pass (default 10). */
  batchSize?: number;
  /** Claim length (default {@link OUTBOX_LEASE_MS}). */
  leaseMs?: number;
  /** Attempts before a message is marked 'failed' (default 20). */
  maxAttempts?: number;
  /** First retry delay; doubled per attempt up to `maxBackoffMs` (defaults 5 s, 15 min). */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/** Delay before attempt `attempts + 1`: exponential from `base`, capped, with ±20 % jitter (spreads retries). */
export function backoffDelay(attempts: number, base: number, max: number, random = Math.random): number {
  const exp = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp * (0.8 + 0.4 * random()));
}

/**
 * Claims up to `batchSize` due messages: pending, `next_attempt_at` reached, not claimed by a live worker. The rows
 * are picked `FOR UPDATE SKIP LOCKED` and stamped with this worker's `locked_until` in one statement, so two
 * workers (in one process or many, on one database) never claim the same row; the claim is committed at once and
 * no transaction stays open while SMTP talks.
 */
export async function claimDue(db: Db, now: Date, batchSize: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, now),
        or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

/** The Message-ID of an outbox row: stable, so a resend after a crash is the same message to the receiver. */
export function messageIdOf(id: number): string {
  return `<outbox-${id}@ofw-join>`;
}

/**
 * One pass: claims due messages, renders and sends each, then marks it — fenced on the claim (`locked_until` as set
 * by this worker), so a worker whose claim expired never overwrites another's outcome. A send that fails is
 * retried after {@link backoffDelay} (a 5xx answer, or the last attempt, marks it 'failed').
 *
 * Delivery is at least once: a worker that dies after the SMTP server accepted a message and before marking it
 * leaves the row claimed; when the claim expires another worker sends it again — at most one duplicate per such
 * crash, with the same Message-ID (README "Outbox").
 */
export async function deliverDue(o: OutboxOptions): Promise<DeliveryResult> {
  const now = (o.now ?? (() => new Date()))();
  const leaseMs = o.leaseMs ?? OUTBOX_LEASE_MS;
  const claimed = await claimDue(o.db, now, o.batchSize ?? 10, leaseMs);
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
  for (const row of claimed) {
    const fence = and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.lockedUntil, row.lockedUntil!));
    const messageId = messageIdOf(row.id);
    try {
      const mail = await renderEmail(row.kind as EmailKind, row.payload as EmailPayload<EmailKind>);
      await o.mailer.send({
        from: o.from,
        to: row.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId,
      });
      const marked = await o.db
        .update(outbox)
        .set({
          status: 'sent',
          sentAt: (o.now ?? (() => new Date()))(),
          lockedUntil: null,
          lastError: null,
          messageId,
          // the invitation link and a one-time code are credentials: neither is kept once it went out
          payload: sql`${outbox.payload} - 'link' - 'code'`,
        })
        .where(fence)
        .returning({ id: outbox.id });
      if (marked.length === 0) o.logger.warn({ outboxId: row.id }, 'outbox: sent after the claim expired');
      result.sent++;
    } catch (e) {
      const permanent = isPermanent(e);
      const last = row.attempts >= (o.maxAttempts ?? 20);
      const delay = backoffDelay(row.attempts, o.backoffMs ?? 5_000, o.maxBackoffMs ?? 15 * 60 * 1000);
      await o.db
        .update(outbox)
        .set({
          status: permanent || last ? 'failed' : 'pending',
          nextAttemptAt: new Date(now.getTime() + delay),
          lockedUntil: null,
          lastError: String((e as Error)?.message ?? e).slice(0, 500),
          ...(permanent || last ? { payload: sql`${outbox.payload} - 'link' - 'code'` } : {}),
        })
        .where(fence);
      if (permanent || last) {
        result.failed++;
        o.logger.error({ outboxId: row.id, kind: row.kind, attempts: row.attempts, err: String(e) }, 'outbox: gave up');
      } else {
        result.retried++;
        o.logger.warn(
          { outboxId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, err: String(e) },
          'outbox: send failed, will retry',
        );
      }
    }
  }
  return result;
}

/** A running outbox worker (see {@link startOutboxWorker}). */
export interface OutboxWorker {
  /** Runs passes until nothing due is left (what the timer runs); concurrent calls share the run in progress. */
  runOnce(): Promise<DeliveryResult>;
  /** Stops the timer and waits for a pass in progress (call before closing the database). */
  stop(): Promise<void>;
  /**
   * Whether the worker is working (`/readyz`): not stopped, and a pass completed — or one started — within the last
   * max(5 × interval, 60 s). A pass that keeps failing (the database unreachable) leaves it unhealthy.
   */
  healthy(now: Date): boolean;
  /**
   * Why e-mail delivery is failing (`/readyz`, outbox-health.ts `SmtpHealth`): the last 5 SMTP attempts — sends, and
   * transport checks made while nothing was sent after a failure — all failed, the newest within
   * max(5 × interval, 60 s); undefined otherwise.
   */
  smtpFailure(now: Date): string | undefined;
}

/**
 * Delivers the outbox every `intervalMs` (house style of the reconciler: an `unref`'d timer, errors logged, never
 * thrown). It runs beside the requests: a request only inserts its row, so SMTP being slow or down never blocks
 * or fails it. Rows survive restarts (they are in the database); any number of workers may run on one database.
 */
export function startOutboxWorker(o: OutboxOptions & { intervalMs: number }): OutboxWorker {
  const startedAt = Date.now();
  let lastPassAt: number | undefined;
  let stopped = false;
  const window = Math.max(5 * o.intervalMs, 60_000);
  const smtp = new SmtpHealth({ windowMs: window });
  const mailer = smtp.watch(o.mailer);
  const job = startPeriodicJob({
    logger: o.logger,
    failure: 'outbox pass failed',
    intervalMs: o.intervalMs,
    runNow: true,
    // drains batch after batch until a batch comes back short (or the worker stops)
    run: async (isStopped) => {
      const total: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
      for (;;) {
        const r = await deliverDue({ ...o, mailer });
        total.sent += r.sent;
        total.retried += r.retried;
        total.failed += r.failed;
        // nothing sent: the server is checked instead, at start-up and after a failure (outbox-health.ts)
        if (total.sent + total.retried + total.failed === 0 && !isStopped()) await smtp.check(o.mailer);
        lastPassAt = Date.now();
        if (isStopped() || r.sent + r.retried + r.failed < (o.batchSize ?? 10)) return total;
      }
    },
  });
  return {
    runOnce: () => job.runOnce(),
    async stop() {
      stopped = true;
      await job.stop();
      o.mailer.close?.();
    },
    smtpFailure: (now) => smtp.failure(now.getTime()),
    healthy(now) {
      if (stopped) return false;
      const recent = (t: number | undefined) => t !== undefined && now.getTime() - t < window;
      // just started: the first pass may still be on its way
      return recent(lastPassAt) || recent(job.runningSince) || (lastPassAt === undefined && recent(startedAt));
    },
  };
}

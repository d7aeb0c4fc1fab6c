import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { enqueueEmail, smtpMailer, startOutboxWorker, type OutboxWorker } from '../src/outbox.js';
import { SMTP_FAILURES_TO_FAIL } from '../src/outbox-health.js';
import { sameDatabaseApp, testApp, type TestApp } from './helpers.js';

/**
 * `/readyz` and the SMTP server (README "Metrics and health"): the outbox worker sends through a real SMTP
 * conversation (nodemailer to smtp-server on 127.0.0.1), so the refusals are the server's own reply codes.
 */

/** An SMTP server on a free 127.0.0.1 port that refuses every recipient (550) while `state.refusing`. */
async function startRefusingServer() {
  const state = { refusing: true, accepted: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!state.refusing) return callback();
      const refused = Object.assign(new Error(`5.7.1 <${address.address}>: Relay access denied`), {
        responseCode: 550,
      });
      callback(refused);
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        state.accepted++;
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.server.address() as AddressInfo;
  return { state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A 127.0.0.1 port nothing listens on (a server that is down). */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('/readyz follows the SMTP server: failing after the last 5 attempts all failed, never on one', () => {
  let base!: TestApp;
  let worker: OutboxWorker | undefined;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    base = await testApp({});
  });
  afterEach(async () => {
    await worker?.stop();
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await base.close();
  });

  /**
   * An app whose outbox worker sends through `url`; after its first pass (a check of the server: nothing is queued)
   * passes run when the test calls `runOnce` (the timer is 10 min).
   */
  async function appSendingTo(url: string) {
    worker = startOutboxWorker({
      db: base.db,
      logger: base.deps.logger,
      mailer: smtpMailer(url),
      from: 'OFW <no-reply@example.com>',
      intervalMs: 600_000,
    });
    await worker.runOnce();
    return { t: sameDatabaseApp(base, { outboxWorker: worker }), worker };
  }

  let queued = 0;
  /** Queues `n` dispute e-mails (any kind will do: the server refuses the recipient before the message). */
  async function queue(a: TestApp, n: number) {
    for (let i = 0; i < n; i++) {
      const id = `dp_readyz_${++queued}`;
      await enqueueEmail(a.db, {
        kind: 'dispute_opened',
        recipient: `ops${queued}@example.com`,
        payload: {
          languageLocale: 'en-US',
          disputeId: id,
          transactionId: `tx_${id}`,
          orderId: null,
          amount: null,
          currency: null,
          reason: null,
          replyByDate: null,
        },
        dedupeKey: `readyz:${id}`,
        now: new Date(),
      });
    }
  }

  const readyz = async (a: TestApp) => {
    const res = await a.call('/readyz');
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('a server refusing every message: one refusal leaves it ready; five in a row → 503 with the reply code, not the recipient', async () => {
    const smtp = await startRefusingServer();
    closers.push(smtp.close);
    const { t: a, worker: w } = await appSendingTo(smtp.url);
    await queue(a, 1);
    expect(await w.runOnce()).toMatchObject({ failed: 1 });
    expect(await readyz(a)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok', outbox: 'ok' } } });
    await queue(a, SMTP_FAILURES_TO_FAIL - 1);
    expect(await w.runOnce()).toMatchObject({ failed: SMTP_FAILURES_TO_FAIL - 1 });
    const failing = await readyz(a);
    expect(failing).toEqual({
      status: 503,
      body: {
        status: 'unavailable',
        checks: { database: 'ok', outbox: 'failing' },
        reason: 'smtp: the last 5 attempts failed (550)',
      },
    });
    expect(JSON.stringify(failing.body)).not.toContain('@example.com');
    expect((await a.call('/healthz')).status).toBe(200);
    // the server accepts again: the next message sent makes it ready at once
    smtp.state.refusing = false;
    await queue(a, 1);
    expect(await w.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.state.accepted).toBe(1);
    expect((await readyz(a)).status).toBe(200);
  });

  it('failures nothing repeats stop counting after max(5 × interval, 60 s): an instance out of the balancer gets no e-mail to prove itself with', async () => {
    const smtp = await startRefusingServer();
    closers.push(smtp.close);
    const { t: a, worker: w } = await appSendingTo(smtp.url);
    await queue(a, SMTP_FAILURES_TO_FAIL);
    await w.runOnce();
    expect(w.smtpFailure(new Date())).toMatch(/^smtp: the last 5 attempts failed/);
    // the interval is 10 min here, so the window is 50 min
    expect(w.smtpFailure(new Date(Date.now() + 49 * 60_000))).toBeDefined();
    expect(w.smtpFailure(new Date(Date.now() + 51 * 60_000))).toBeUndefined();
  });

  it('a server that is down (connection refused): the transport check (nodemailer verify) of each idle pass counts, 503 after five', async () => {
    const { t: a, worker: w } = await appSendingTo(`smtp://127.0.0.1:${await closedPort()}`);
    // the first pass checked the server at start-up: refused, once
    expect((await readyz(a)).status).toBe(200);
    for (let i = 1; i < SMTP_FAILURES_TO_FAIL; i++) await w.runOnce();
    const failing = await readyz(a);
    expect(failing).toMatchObject({
      status: 503,
      body: { checks: { outbox: 'failing' }, reason: 'smtp: the last 5 attempts failed (ESOCKET)' }, // nodemailer's code of a socket error
    });
  });
});

// The benches' parents' mailbox, also test/shutdown-process.test.ts's: an SMTP server (the `smtp-server` package)
// on a free 127.0.0.1 port, where join-api's outbox delivers the e-mail code a parent proves the address with
// (docs/IDENTITY.md). It keeps, per recipient, the latest six-digit code of the messages received; a simulated parent
// awaits it as a parent reads the mail. Nothing is kept beyond that code.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** How long a parent waits for a code by default (ms): the outbox's poll plus its queue under a bench's load. */
export const CODE_WAIT_MS = 30_000;

/**
 * The code of a message: six digits on a line of their own in its plain-text part (src/emails/email-code.tsx sets the
 * code apart; a receipt's figures never stand alone so), or undefined.
 */
async function codeIn(raw) {
  const { text } = await simpleParser(raw);
  return /^\s*(\d{6})\s*$/m.exec(text ?? '')?.[1];
}

/**
 * Starts the mailbox.
 * @returns {Promise<{ url: string, received: () => number, idle: (quietMs?: number, timeoutMs?: number) =>
 *   Promise<void>, code: (email: string, o?: { after?: string, timeoutMs?: number }) => Promise<string>,
 *   close: () => Promise<void> }>} `url` is the `SMTP_URL` to give join-api; `received()` counts the messages
 *   accepted; `idle()` resolves once no message arrived for `quietMs` (600 ms: 6 outbox passes) since the call, and
 *   rejects after `timeoutMs` (default {@link CODE_WAIT_MS}) of messages still arriving; `code(email)` resolves to the
 *   latest code sent to `email` (lower case compared) other than `after`, and rejects with the address and the wait
 *   when none arrives within `timeoutMs` (default {@link CODE_WAIT_MS})
 */
export async function startMailbox() {
  /** @type {Map<string, string>} the latest code per recipient */
  const latest = new Map();
  /** @type {Map<string, Set<() => void>>} parents waiting for a recipient's next message */
  const waiting = new Map();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (d) => chunks.push(d));
      stream.on('end', async () => {
        received++;
        lastAt = Date.now();
        const code = await codeIn(Buffer.concat(chunks)).catch(() => undefined);
        for (const to of session.envelope.rcptTo.map((r) => r.address.toLowerCase())) {
          if (code) latest.set(to, code);
          for (const wake of waiting.get(to) ?? []) wake();
        }
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address();
  const code = async (email, { after, timeoutMs = CODE_WAIT_MS } = {}) => {
    const to = email.toLowerCase();
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = latest.get(to);
      if (found && found !== after) return found;
      const left = until - Date.now();
      if (left <= 0)
        throw new Error(`no e-mail code reached ${email} within ${timeoutMs} ms (is join-api's outbox worker on?)`);
      await new Promise((resolve) => {
        const set = waiting.get(to) ?? new Set();
        waiting.set(to, set);
        const wake = () => {
          clearTimeout(timer);
          set.delete(wake);
          if (set.size === 0) waiting.delete(to);
          resolve();
        };
        const timer = setTimeout(wake, left);
        set.add(wake);
      });
    }
  };
  let lastAt = Date.now();
  const idle = async (quietMs = 600, timeoutMs = CODE_WAIT_MS) => {
    const from = Date.now(); // e-mails queued just before the call have `quietMs` to arrive
    const until = from + timeoutMs;
    while (Date.now() - Math.max(lastAt, from) < quietMs) {
      if (Date.now() > until) throw new Error(`the mailbox kept receiving for ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    idle,
    code,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** How many SMTP attempts in a row must fail before `/readyz` reports e-mail delivery failing (one never does). */
export const SMTP_FAILURES_TO_FAIL = 5;

/** What an outbox sends through (outbox.ts `Mailer`), by its shape: this module and outbox.ts import one way only. */
interface Transport<Mail> {
  send(mail: Mail): Promise<void>;
  verify?(): Promise<void>;
  close?(): void;
}

interface Attempt {
  ok: boolean;
  /** When it ended (epoch ms). */
  at: number;
  /** What the server or the transport said, without the message: an SMTP reply code (550) or nodemailer's `code`. */
  code?: string;
}

/** The reply code of a failed send or verify: SMTP's `responseCode`, else nodemailer's `code` (ECONNREFUSED, EAUTH…). */
function codeOf(e: unknown): string | undefined {
  const err = e as { responseCode?: number; code?: string } | null;
  return err?.responseCode !== undefined ? String(err.responseCode) : err?.code;
}

/**
 * The outbox's view of its SMTP server, for `/readyz` (README "Metrics and health"): the outcomes of the last
 * {@link SMTP_FAILURES_TO_FAIL} attempts — sends, and transport checks (nodemailer `verify()`: connect, greeting,
 * login) made while nothing is sent. Failing when every one of them failed and the newest is within `windowMs`:
 * one refused message never takes the instance out of the load balancer, and a failure nothing has repeated for
 * `windowMs` stops counting (no request can queue an e-mail to an instance that is not ready, so waiting for a
 * successful send could keep it out forever).
 */
export class SmtpHealth {
  private readonly attempts: Attempt[] = [];

  constructor(private readonly o: { windowMs: number; failuresToFail?: number }) {}

  private get limit(): number {
    return this.o.failuresToFail ?? SMTP_FAILURES_TO_FAIL;
  }

  /** Records one attempt's outcome (`error` undefined: the server accepted it). */
  record(at: number, error?: unknown): void {
    this.attempts.push(error === undefined ? { ok: true, at } : { ok: false, at, code: codeOf(error) });
    if (this.attempts.length > this.limit) this.attempts.shift();
  }

  /** Whether a transport check is worth making now: nothing is known yet, or the last attempt failed. */
  get wantsCheck(): boolean {
    return this.attempts.length === 0 || this.attempts.at(-1)!.ok === false;
  }

  /**
   * Why e-mail delivery is failing, for `/readyz`'s body (reply codes only: a server's text may name a recipient).
   * @returns e.g. `smtp: the last 5 attempts failed (550)`; undefined while delivery is not failing.
   */
  failure(now: number): string | undefined {
    const last = this.attempts.at(-1);
    if (this.attempts.length < this.limit || this.attempts.some((a) => a.ok) || !last) return undefined;
    if (now - last.at >= this.o.windowMs) return undefined;
    const codes = [...new Set(this.attempts.map((a) => a.code ?? 'error'))].join(', ');
    return `smtp: the last ${this.limit} attempts failed (${codes})`;
  }

  /** `mailer` with each send's outcome recorded here. */
  watch<Mail>(mailer: Transport<Mail>): Transport<Mail> {
    return {
      ...mailer,
      send: async (mail) => {
        try {
          await mailer.send(mail);
          this.record(Date.now());
        } catch (e) {
          this.record(Date.now(), e);
          throw e;
        }
      },
    };
  }

  /** Checks the transport (`mailer.verify`) when {@link wantsCheck}: a failure counts as a failed attempt. */
  async check(mailer: Transport<unknown>): Promise<void> {
    if (!mailer.verify || !this.wantsCheck) return;
    await mailer.verify().catch((e: unknown) => this.record(Date.now(), e));
  }
}

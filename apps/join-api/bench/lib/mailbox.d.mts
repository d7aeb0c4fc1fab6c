// Types of mailbox.mjs for the TypeScript tests that use it (test/shutdown-process.test.ts, bench/join-flow.d.mts).

/** How long a parent waits for a code by default (ms). */
export declare const CODE_WAIT_MS: number;

/** The running mailbox (mailbox.mjs `startMailbox`). */
export interface Mailbox {
  /** The `SMTP_URL` to give join-api. */
  url: string;
  /** The messages accepted so far. */
  received(): number;
  /** Resolves once no message arrived for `quietMs` since the call; rejects after `timeoutMs` of messages arriving. */
  idle(quietMs?: number, timeoutMs?: number): Promise<void>;
  /** The latest code sent to `email` other than `after`; rejects naming the address when none arrives in time. */
  code(email: string, o?: { after?: string; timeoutMs?: number }): Promise<string>;
  close(): Promise<void>;
}

/** Starts an SMTP mailbox on a free 127.0.0.1 port. */
export declare function startMailbox(): Promise<Mailbox>;

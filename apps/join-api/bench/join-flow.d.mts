// Types of the part of join-flow.mjs the TypeScript tests call (test/shutdown-process.test.ts); the docs are there.
import type { Mailbox } from './lib/mailbox.mjs';

/** Proves a signed-up parent's address as the parent does (join-flow.mjs `proveAddress`); throws on any answer but 200. */
export declare function proveAddress(
  base: string,
  o: { userId: number; authToken: string; email: string; mailbox: Pick<Mailbox, 'code'>; ip?: string },
): Promise<void>;

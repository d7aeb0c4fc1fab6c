import type { Db } from '../db/client.js';
import { eraseParents, type ErasedAccount, type ErasureTarget } from '../erasure.js';

/** `pnpm --filter join-api erase`'s usage line. */
export const ERASE_USAGE = 'usage: pnpm --filter join-api erase [--dry-run] <userId|email>';

/**
 * The arguments of the erase command: one user id (digits) or e-mail address, and `--dry-run`.
 * @returns the target, or an error message (the usage).
 */
export function parseEraseArgs(argv: string[]): { target: ErasureTarget; dryRun: boolean } | { error: string } {
  const args = argv.filter((a) => a !== '--');
  const dryRun = args.includes('--dry-run');
  const rest = args.filter((a) => a !== '--dry-run');
  const [who] = rest;
  if (rest.length !== 1 || !who || who.startsWith('-')) return { error: ERASE_USAGE };
  if (/^\d+$/.test(who)) return { target: { userId: Number(who) }, dryRun };
  if (/^[^@\s]+@[^@\s]+$/.test(who)) return { target: { email: who }, dryRun };
  return { error: `not a user id or an e-mail address: ${JSON.stringify(who)}\n${ERASE_USAGE}` };
}

/** One line per account: what was (or would be) done. */
function describe(a: ErasedAccount, dryRun: boolean): string[] {
  const would = dryRun ? 'would be ' : '';
  if (a.outcome === 'already_erased') return [`user ${a.userId}: already erased; nothing to do`];
  const rows = Object.entries(a.rows)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  const lines = [
    a.outcome === 'deleted'
      ? `user ${a.userId}: invited placeholder ${would}deleted (${rows || 'no other rows'})`
      : `user ${a.userId}: personal data ${would}erased (${rows || 'no other rows'}); ${a.ordersKept} order(s) kept for accounting`,
  ];
  if (a.vaultCustomerId)
    lines.push(
      `user ${a.userId}: delete the payment provider's vault customer ${a.vaultCustomerId} too (Braintree Control Panel, or the API's customer.delete): join-api no longer refers to it`,
    );
  return lines;
}

/**
 * The erase command (SECURITY.md "Erasure"): erases the parent `argv` names (erasure.ts `eraseParents`) and prints
 * what it did to `out`; asks nothing.
 * @returns the exit code: 0 done (or already erased, or a dry run), 1 nothing matches, 2 bad arguments.
 */
export async function eraseCommand(
  db: Db,
  argv: string[],
  o: { out: (line: string) => void; err: (line: string) => void; now: Date },
): Promise<number> {
  const parsed = parseEraseArgs(argv);
  if ('error' in parsed) {
    o.err(parsed.error);
    return 2;
  }
  const done = await eraseParents(db, parsed.target, { now: o.now, dryRun: parsed.dryRun });
  if (done.length === 0) {
    const who = 'userId' in parsed.target ? `user id ${parsed.target.userId}` : `e-mail ${parsed.target.email}`;
    o.err(`erase: no account matches ${who}; nothing was changed`);
    return 1;
  }
  for (const a of done) for (const line of describe(a, parsed.dryRun)) o.out(line);
  if (parsed.dryRun) o.out('dry run: nothing was changed');
  return 0;
}

import type { Db } from '../db/client.js';
import { eraseParents, type ErasedAccount, type ErasureTarget } from '../erasure.js';
import type { PaymentGateway } from '../gateway/types.js';

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
  return lines;
}

/** The operator's instruction when join-api could not delete the vault customer itself. */
const deleteByHand = (a: ErasedAccount, why: string) =>
  `user ${a.userId}: ${why}: delete the payment provider's vault customer ${a.vaultCustomerId} by hand (Braintree Control Panel, or the API's customer.delete); join-api no longer refers to it`;

/**
 * Deletes the erased parents' vault customers through the gateway (Braintree `customer.delete`), after the database
 * committed (a provider call cannot join the transaction).
 * @returns whether every customer is gone (deleted now, or not found).
 */
async function deleteVaultCustomers(
  done: ErasedAccount[],
  gateway: Pick<PaymentGateway, 'deleteCustomer'> | undefined,
  o: { out: (line: string) => void; err: (line: string) => void },
): Promise<boolean> {
  let ok = true;
  for (const a of done) {
    if (!a.vaultCustomerId) continue;
    if (!gateway) {
      o.err(deleteByHand(a, 'no payment gateway is configured'));
      ok = false;
      continue;
    }
    try {
      const r = await gateway.deleteCustomer(a.vaultCustomerId);
      o.out(
        `user ${a.userId}: vault customer ${a.vaultCustomerId} ${r === 'deleted' ? 'deleted' : 'was already gone'}`,
      );
    } catch (e) {
      o.err(deleteByHand(a, `the gateway failed (${(e as Error).message})`));
      ok = false;
    }
  }
  return ok;
}

/**
 * The erase command (SECURITY.md "Erasure"): erases the parent `argv` names (erasure.ts `eraseParents`) and prints
 * what it did to `out`; asks nothing.
 * Then deletes their vault customers through `o.gateway` (Braintree `customer.delete`).
 * @returns the exit code: 0 done (or already erased, or a dry run), 1 nothing matches, 2 bad arguments, 3 erased in
 *   the database but a vault customer is left to delete by hand (the message says which).
 */
export async function eraseCommand(
  db: Db,
  argv: string[],
  o: {
    out: (line: string) => void;
    err: (line: string) => void;
    now: Date;
    /** Deletes the vault customers (absent: the command says to delete them by hand). */
    gateway?: Pick<PaymentGateway, 'deleteCustomer'>;
  },
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
  if (parsed.dryRun) {
    for (const a of done.filter((x) => x.vaultCustomerId))
      o.out(`user ${a.userId}: vault customer ${a.vaultCustomerId} would be deleted`);
    o.out('dry run: nothing was changed');
    return 0;
  }
  return (await deleteVaultCustomers(done, o.gateway, o)) ? 0 : 3;
}

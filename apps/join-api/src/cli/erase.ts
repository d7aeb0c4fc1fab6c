import { EnvError, loadEnv } from '../env.js';
import { openEnvDatabase } from '../db/client.js';
import { eraseCommand } from './erase-command.js';
import { createGateway } from '../gateway/index.js';
import type { PaymentGateway } from '../gateway/types.js';

/*
 * `pnpm --filter join-api erase [--dry-run] <userId|email>` (SECURITY.md "Erasure"): the database of join-api's
 * validated environment (DATABASE_URL or DATA_DIR, migrations applied), the erasure, its report; the exit code says
 * how it went (erase-command.ts).
 */
async function run(): Promise<number> {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  }
  let gateway: PaymentGateway | undefined;
  try {
    gateway = await createGateway(env);
  } catch (e) {
    console.error(`erase: no payment gateway (${(e as Error).message}); vault customers are left to delete by hand`);
  }
  // one connection is all a one-shot command needs; PGlite stays on this thread
  const database = await openEnvDatabase(env, { poolMax: 1, pgliteWorker: false });
  try {
    return await eraseCommand(database.db, process.argv.slice(2), {
      out: (l) => console.log(l),
      err: (l) => console.error(l),
      now: new Date(),
      ...(gateway ? { gateway } : {}),
    });
  } finally {
    await database.close();
  }
}

process.exitCode = await run();

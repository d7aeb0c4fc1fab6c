import type { Env } from './env.js';
import { EnvError } from './env.js';
import type { PaymentGateway } from './gateway/types.js';
import type { Logger } from './lib/logger.js';
import type { RunningServer } from './server.js';
import { chargeLeaseMs } from './services/orders.js';

/** What the deadline adds to the charge lease when `SHUTDOWN_DEADLINE_MS` is unset (ms). */
const DEADLINE_MARGIN_MS = 5_000;

/**
 * How long requests in flight may take to finish once a shutdown stops taking connections (ms): `SHUTDOWN_DEADLINE_MS`,
 * or the charge lease plus 5 s — longer than the lease in any case, so a paying parent's charge (which holds its
 * order's lease at most that long, charge-lease.ts `chargeLeaseMs`) always finishes and gets its answer.
 * @throws EnvError naming `SHUTDOWN_DEADLINE_MS` when it is within the lease.
 */
export function shutdownDeadlineMs(env: Pick<Env, 'SHUTDOWN_DEADLINE_MS'>, gateway: PaymentGateway): number {
  const lease = chargeLeaseMs({ gateway });
  if (env.SHUTDOWN_DEADLINE_MS === undefined) return lease + DEADLINE_MARGIN_MS;
  if (env.SHUTDOWN_DEADLINE_MS <= lease)
    throw new EnvError(
      `Invalid join-api environment:\n  SHUTDOWN_DEADLINE_MS: must be longer than the charge lease (${lease} ms): a charge in flight would be cut`,
    );
  return env.SHUTDOWN_DEADLINE_MS;
}

/** One thing a shutdown stops (a background job, the metrics server, the outbox), by name for the log. */
export interface Stoppable {
  name: string;
  stop(): Promise<void>;
}

/**
 * The shutdown of a join-api process (SIGTERM, SIGINT; README "Timeouts and shutdown"), in this order:
 * 1. the server drains (server.ts `drain`): `/readyz` answers 503 at once, new connections are taken for `graceMs`
 *    then refused, requests in flight — a charge included — get `deadlineMs` to finish;
 * 2. the background jobs stop, each waiting for its pass in progress (`jobs`, in order: the outbox last, so it sends
 *    what the requests just queued and the jobs' passes wrote);
 * 3. the database closes.
 * A step that fails is logged and the next one runs.
 */
export async function gracefulShutdown(o: {
  server: RunningServer | undefined;
  graceMs: number;
  deadlineMs: number;
  jobs: Stoppable[];
  database: { close(): Promise<void> };
  logger: Logger;
}): Promise<void> {
  const started = performance.now();
  if (o.server) {
    const cut = await o.server.drain({ graceMs: o.graceMs, deadlineMs: o.deadlineMs }).catch((e: unknown) => {
      o.logger.error({ err: e }, 'shutdown: drain failed');
      return 0;
    });
    if (cut) o.logger.error({ requests: cut }, 'shutdown: requests still in flight at the deadline were cut');
    else o.logger.info({ ms: Math.round(performance.now() - started) }, 'shutdown: every request answered');
  }
  for (const job of o.jobs) {
    await job.stop().catch((e: unknown) => o.logger.error({ err: e, job: job.name }, 'shutdown: stop failed'));
  }
  await o.database.close().catch((e: unknown) => o.logger.error({ err: e }, 'shutdown: database close failed'));
  o.logger.info({ ms: Math.round(performance.now() - started) }, 'shutdown: done');
}

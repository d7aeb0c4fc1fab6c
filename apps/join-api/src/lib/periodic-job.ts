import type { Logger } from './logger.js';

/** A job run now and then (see {@link startPeriodicJob}). */
export interface PeriodicJob<R> {
  /** Runs one pass now (what the timer runs); concurrent calls share the pass in progress. */
  runOnce(): Promise<R>;
  /** Stops the timer and waits for a pass in progress (call before closing the database). */
  stop(): Promise<void>;
  /** When the pass in progress started (epoch ms), or undefined between passes. */
  readonly runningSince: number | undefined;
}

/**
 * The one periodic-job runner of join-api (the reconciler, the outbox worker and housekeeping): a pass every
 * `intervalMs` on an `unref`'d timer, so it never keeps Node alive; at most one pass at a time (a tick during a pass
 * joins it); errors logged as `failure`, never thrown from the timer; `stop()` clears the timer and waits for the
 * pass in progress, so the database can close after it.
 *
 * @param o.run - one pass; `isStopped()` lets a pass that loops (the outbox drains batch after batch) end early.
 * @param o.intervalMs - milliseconds between passes; 0 runs no timer (only `runNow` and `runOnce()`).
 * @param o.runNow - start the first pass at once instead of after one interval.
 * @param o.onPass - called with each pass's result (logging, metrics); an error there fails the pass.
 */
export function startPeriodicJob<R>(o: {
  logger: Logger;
  /** The warning logged when a pass fails (e.g. 'outbox pass failed'). */
  failure: string;
  intervalMs: number;
  runNow?: boolean;
  run: (isStopped: () => boolean) => Promise<R>;
  onPass?: (result: R) => void | Promise<void>;
}): PeriodicJob<R> {
  let running: Promise<R> | undefined;
  let runningSince: number | undefined;
  let stopped = false;
  const isStopped = () => stopped;
  const runOnce = () => {
    runningSince ??= Date.now();
    running ??= o
      .run(isStopped)
      .then(async (result) => {
        await o.onPass?.(result);
        return result;
      })
      .finally(() => {
        running = undefined;
        runningSince = undefined;
      });
    return running;
  };
  const tick = () => {
    if (!stopped) runOnce().catch((e: unknown) => o.logger.warn({ err: String(e) }, o.failure));
  };
  if (o.runNow) tick();
  const timer = o.intervalMs > 0 ? setInterval(tick, o.intervalMs) : undefined;
  timer?.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
    get runningSince() {
      return runningSince;
    },
  };
}

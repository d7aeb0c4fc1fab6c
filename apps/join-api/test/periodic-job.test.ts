import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../src/lib/logger.js';
import { startPeriodicJob } from '../src/lib/periodic-job.js';

const logger = () => ({ warn: vi.fn(), info: vi.fn() }) as unknown as Logger & { warn: ReturnType<typeof vi.fn> };
const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

// The reconciler, the outbox worker and housekeeping share this runner (README "Decisions", background jobs): what each relies on
// is pinned here once — one pass at a time, errors logged and the next tick still running, stop() waiting for a pass.
describe('the periodic-job runner', () => {
  afterEach(() => vi.useRealTimers());

  it('runs a pass every interval, not at once unless runNow', async () => {
    vi.useFakeTimers();
    const run = vi.fn(() => Promise.resolve('done'));
    const job = startPeriodicJob({ logger: logger(), failure: 'failed', intervalMs: 1000, run });
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('never runs two passes at once: a call during a pass shares it', async () => {
    const gate = deferred<number>();
    const run = vi.fn(() => gate.promise);
    const job = startPeriodicJob({ logger: logger(), failure: 'failed', intervalMs: 0, run });
    const a = job.runOnce();
    const b = job.runOnce();
    expect(job.runningSince).toBeTypeOf('number');
    gate.resolve(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    expect(run).toHaveBeenCalledTimes(1);
    expect(job.runningSince).toBeUndefined();
  });

  it('logs a failed pass under its name and runs again on the next tick', async () => {
    vi.useFakeTimers();
    const log = logger();
    const run = vi.fn().mockRejectedValueOnce(new Error('database unreachable')).mockResolvedValue('ok');
    const onPass = vi.fn();
    const job = startPeriodicJob({
      logger: log,
      failure: 'outbox pass failed',
      intervalMs: 100,
      runNow: true,
      run,
      onPass,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(log.warn).toHaveBeenCalledWith({ err: 'Error: database unreachable' }, 'outbox pass failed');
    await vi.advanceTimersByTimeAsync(100);
    expect(onPass).toHaveBeenCalledWith('ok');
    await job.stop();
  });

  it('stop() waits for the pass in progress and tells a draining pass to end', async () => {
    const gate = deferred<void>();
    let sawStop = false;
    const job = startPeriodicJob({
      logger: logger(),
      failure: 'failed',
      intervalMs: 0,
      runNow: true,
      run: async (isStopped) => {
        await gate.promise;
        sawStop = isStopped();
      },
    });
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(sawStop).toBe(true);
  });
});

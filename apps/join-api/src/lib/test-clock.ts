import { z } from 'zod';
import type { Env } from '../env.js';
import type { Logger } from './logger.js';

/*
 * The development test clock (docs/RENEWAL.md "Clock", docs/CONTRACTS.md): the payments sandbox keeps an offset from
 * real time (`GET /sandbox/clock` → `{ now, offsetMs }`, moved by `POST /sandbox/clock {advanceDays}`), and join-api —
 * only outside production and only on the sandbox's gateway — reads it, so that `services.now()` is real time plus
 * that offset and reminders, renewals and expiry happen as if the days had passed. Production never reads a clock.
 */

const ClockSchema = z.object({ now: z.string(), offsetMs: z.number().finite() });

/** A clock following the sandbox's offset. */
export interface TestClock {
  /** Real time plus the last offset read. */
  now(): Date;
  /** Reads the sandbox's clock; resolves whether the offset changed (an unreachable clock keeps the last one). */
  sync(): Promise<boolean>;
  readonly offsetMs: number;
}

/**
 * Where join-api reads the test clock, or undefined for none: never with `NODE_ENV=production` (env.ts refuses
 * `TEST_CLOCK_URL` there), nor on a real gateway. `TEST_CLOCK_URL` when set (`off` turns it off); else, in
 * development only, the sandbox's own `/sandbox/clock` — `SANDBOX_URL`'s origin with the sandbox driver,
 * `GATEWAY_HOST:GATEWAY_PORT` with the braintree driver on `BRAINTREE_ENVIRONMENT=Development`.
 */
export function testClockUrl(env: Env): string | undefined {
  if (env.NODE_ENV === 'production') return undefined;
  const sandboxGateway = env.PAYMENTS_DRIVER === 'sandbox' || env.BRAINTREE_ENVIRONMENT === 'Development';
  if (!sandboxGateway || env.TEST_CLOCK_URL === 'off') return undefined;
  if (env.TEST_CLOCK_URL) return env.TEST_CLOCK_URL;
  if (env.NODE_ENV !== 'development') return undefined;
  const origin =
    env.PAYMENTS_DRIVER === 'sandbox'
      ? new URL(env.SANDBOX_URL).origin
      : `${env.GATEWAY_SSL ? 'https' : 'http'}://${env.GATEWAY_HOST}:${env.GATEWAY_PORT}`;
  return `${origin}/sandbox/clock`;
}

/** A {@link TestClock} reading `url` (with the sandbox's API key as Bearer when given; 2 s per read at most). */
export function createTestClock(o: {
  url: string;
  logger: Logger;
  apiKey?: string | undefined;
  fetch?: typeof fetch;
}): TestClock {
  let offsetMs = 0;
  const get = o.fetch ?? fetch;
  return {
    now: () => new Date(Date.now() + offsetMs),
    get offsetMs() {
      return offsetMs;
    },
    async sync() {
      try {
        const res = await get(o.url, {
          headers: o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {},
          signal: AbortSignal.timeout(2_000),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const read = ClockSchema.parse(await res.json());
        if (read.offsetMs === offsetMs) return false;
        o.logger.info({ offsetMs: read.offsetMs, now: read.now }, 'test clock moved');
        offsetMs = read.offsetMs;
        return true;
      } catch (e) {
        o.logger.debug({ url: o.url, err: String(e) }, 'test clock unreachable; offset kept');
        return false;
      }
    },
  };
}

/** Polls `clock` every `intervalMs` (an `unref`'d timer) and calls `moved` when its offset changed. */
export function pollTestClock(clock: TestClock, intervalMs: number, moved: () => void): { stop(): void } {
  const timer = setInterval(() => {
    void clock.sync().then((changed) => {
      if (changed) moved();
    });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

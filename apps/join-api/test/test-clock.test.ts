import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../src/env.js';
import { createLogger } from '../src/lib/logger.js';
import { createTestClock, pollTestClock, testClockUrl } from '../src/lib/test-clock.js';
import { LogSink, PRODUCTION_ENV, braintreeDevEnv } from './helpers.js';

/*
 * The development test clock (docs/RENEWAL.md "Clock"): join-api follows the payments sandbox's offset outside
 * production and on the sandbox's gateway only; production refuses the setting and never reads a clock.
 */

const DAY = 24 * 60 * 60 * 1000;

describe('test clock', () => {
  it('defaults in development to the sandbox gateway’s /sandbox/clock; none in test, on a real gateway, or when off', () => {
    expect(testClockUrl(loadEnv({ NODE_ENV: 'development', SANDBOX_URL: 'http://127.0.0.1:3010/x' }))).toBe(
      'http://127.0.0.1:3010/sandbox/clock',
    );
    expect(testClockUrl(loadEnv({ NODE_ENV: 'development', ...braintreeDevEnv(4010) }))).toBe(
      'http://127.0.0.1:4010/sandbox/clock',
    );
    expect(testClockUrl(loadEnv({ NODE_ENV: 'test' }))).toBeUndefined();
    expect(testClockUrl(loadEnv({ NODE_ENV: 'test', TEST_CLOCK_URL: 'http://127.0.0.1:9/sandbox/clock' }))).toBe(
      'http://127.0.0.1:9/sandbox/clock',
    );
    expect(testClockUrl(loadEnv({ NODE_ENV: 'development', TEST_CLOCK_URL: 'off' }))).toBeUndefined();
    const realGateway = { ...braintreeDevEnv(4010), BRAINTREE_ENVIRONMENT: 'Sandbox' };
    expect(testClockUrl(loadEnv({ NODE_ENV: 'development', ...realGateway }))).toBeUndefined();
  });

  it('NODE_ENV=production refuses TEST_CLOCK_URL, and reads no clock', () => {
    expect(() => loadEnv({ ...PRODUCTION_ENV, TEST_CLOCK_URL: 'http://127.0.0.1:3010/sandbox/clock' })).toThrow(
      EnvError,
    );
    expect(testClockUrl(loadEnv(PRODUCTION_ENV))).toBeUndefined();
  });

  it('now() is real time plus the sandbox offset; a move is noticed by the poll; an unreachable clock keeps it', async () => {
    let offsetMs = 0;
    let up = true;
    const fakeFetch = (() =>
      Promise.resolve(
        up
          ? new Response(JSON.stringify({ now: new Date(Date.now() + offsetMs).toISOString(), offsetMs }))
          : new Response('down', { status: 503 }),
      )) as typeof fetch;
    const clock = createTestClock({
      url: 'http://sandbox/sandbox/clock',
      logger: createLogger('info', new LogSink()),
      fetch: fakeFetch,
    });
    expect(await clock.sync()).toBe(false);
    offsetMs = 335 * DAY;
    let kicked = 0;
    const poll = pollTestClock(clock, 100, () => kicked++);
    await new Promise((r) => setTimeout(r, 350));
    poll.stop();
    expect(kicked).toBe(1);
    expect(Math.abs(clock.now().getTime() - (Date.now() + 335 * DAY))).toBeLessThan(1000);
    up = false;
    expect(await clock.sync()).toBe(false);
    expect(clock.offsetMs).toBe(335 * DAY);
  });
});

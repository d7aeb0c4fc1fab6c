import { z } from 'zod';

/** join-api's renewal settings (docs/RENEWAL.md), spread into env.ts's schema. */
export const RENEWAL_ENV = {
  /**
   * The development test clock (lib/test-clock.ts, docs/RENEWAL.md "Clock"): the payments sandbox's
   * `GET /sandbox/clock`, followed by `services.now()` outside production on the sandbox's gateway only; `off` turns
   * it off. Unset: in development the sandbox's own. Refused with `NODE_ENV=production`.
   */
  TEST_CLOCK_URL: z.union([z.literal('off'), z.url()]).optional(),
  /** How often the test clock is read (ms); a move starts a renewal pass at once. */
  TEST_CLOCK_POLL_MS: z.coerce.number().int().min(100).default(2_000),
  /** How often the renewal runner runs (ms; 0 = this process runs none, another one does). docs/RENEWAL.md */
  RENEWAL_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
};

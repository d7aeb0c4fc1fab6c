/**
 * The sandbox's test clock, like Stripe's test clocks: the sandbox's time is the real time plus an offset that only
 * grows (`POST /sandbox/clock`). Everything time-based in the sandbox reads it — nonce and client-token lifetimes,
 * settlement plans, authorization expiry, dispute reply-by dates, createdAt / updatedAt stamps, webhook timestamps —
 * so a test can move a subscription a year on and let the renewal runner see it due.
 */
import { z } from 'zod';

const DAY_MS = 86_400_000;
/** The furthest one call may move the clock: ten years (3650 days). */
export const MAX_ADVANCE_DAYS = 3650;

/** The body of `POST /sandbox/clock`: exactly one of `advanceDays` (1..3650) or `advanceMs` (1..3650 days in ms). */
export const ClockAdvance = z
  .object({
    advanceDays: z.number().int().min(1).max(MAX_ADVANCE_DAYS).optional(),
    advanceMs: z
      .number()
      .int()
      .min(1)
      .max(MAX_ADVANCE_DAYS * DAY_MS)
      .optional(),
  })
  .strict()
  .refine((body) => (body.advanceDays === undefined) !== (body.advanceMs === undefined), {
    message: 'exactly one of advanceDays, advanceMs',
  });

/** Real time (or the `base` a test gives) plus an offset that only moves forward. */
export class TestClock {
  private offset = 0;

  constructor(private readonly base: () => number = Date.now) {}

  /** The sandbox's now (ms since the epoch). */
  now(): number {
    return this.base() + this.offset;
  }

  get offsetMs(): number {
    return this.offset;
  }

  /**
   * Moves the clock forward.
   * @throws RangeError for a negative or non-integer amount (time only moves forward).
   */
  advance(ms: number): void {
    if (!Number.isInteger(ms) || ms < 0) throw new RangeError('the test clock only moves forward');
    this.offset += ms;
  }

  /** What `GET /sandbox/clock` answers. */
  view(): { now: string; offsetMs: number } {
    return { now: new Date(this.now()).toISOString(), offsetMs: this.offset };
  }
}

/** Milliseconds in `advanceDays` / `advanceMs`. */
export function advanceMsOf(body: z.infer<typeof ClockAdvance>): number {
  return body.advanceMs ?? (body.advanceDays ?? 0) * DAY_MS;
}

import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { API_PREFIX } from '@ofw/api-client';
import type { Metrics } from './metrics.js';
import { HttpProblem } from './problem.js';
import { SESSION_COOKIE } from './tokens.js';

/** Thresholds of {@link LoadShedder} (env.ts `LOAD_SHED_*`; 0 turns a threshold off). */
export interface LoadSheddingOptions {
  /** Refuse new work while the event loop's delay is above this (ms). */
  maxEventLoopDelayMs: number;
  /** Refuse new work while this many API requests are in flight. */
  maxInFlight: number;
  /**
   * Refuse new work while every request answered in the last two 100 ms windows took longer than this (ms): a queue
   * the event loop does not show — PGlite's one connection, the Postgres pool's waiting list. 0 turns it off.
   */
  maxQueueMs?: number;
  /**
   * Refuse new work while the database probe has waited longer than this (ms) for two windows
   * ({@link LoadShedder.databaseQueueMs}): every statement waits that long for PGlite's one connection or a pooled
   * Postgres one. 0 (or no `probeDatabase`) turns it off.
   */
  maxDatabaseQueueMs?: number;
  /** The `Retry-After` of a refusal (s). */
  retryAfterSeconds: number;
}

/** Why the load shedder refuses a request (the `reason` of `join_api_requests_shed_total`). */
export type ShedReason = 'event_loop_delay' | 'queue' | 'database_queue' | 'in_flight';

/** How often the delay is sampled (ms): the window of {@link LoadShedder.eventLoopDelayMs}. */
const TICK_MS = 100;

/**
 * Admission control of one join-api process (README "Overload"): measures its event loop's delay per 100 ms window
 * (`perf_hooks.monitorEventLoopDelay`, and how late its own sampling timer ran) and counts the API requests in flight.
 * Past a threshold — the loop late for two windows in a row ({@link LoadShedder.sustainedDelayMs}), or the in-flight
 * cap —, new work is refused at once (503 `overloaded` with `Retry-After`, {@link loadShedding}) instead of queueing
 * behind work the process cannot serve in time; what was admitted always runs to its end. Sampling starts with the
 * first request; its timer never keeps the process alive.
 */
export class LoadShedder {
  /** API requests admitted and not answered yet. */
  inFlight = 0;
  private histogram: IntervalHistogram | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastTick = 0;
  /** The delay of the last complete window (ms). */
  private windowDelayMs = 0;
  /** The delay of the window before it (ms). */
  private previousWindowDelayMs = 0;
  /** The quickest answer of the current window, of the last complete one and of the one before (ms; 0: none). */
  private fastestNowMs = Infinity;
  private fastestMs = 0;
  private previousFastestMs = 0;
  /** When the database probe waiting now was sent (performance.now(); undefined: none waiting). */
  private probeSentAt: number | undefined;
  /** Since when the database's line has waited past the threshold (performance.now(); undefined: it has not). */
  private lineAboveSince: number | undefined;

  /**
   * @param options the thresholds ({@link LoadSheddingOptions}); read on every request, so tests may change them.
   * @param metrics where the delay, the in-flight count and the refusals are exported.
   * @param probeDatabase one cheap statement (`select 1`) on the app's database: run once per window while requests
   *   are in flight, its time is {@link databaseQueueMs}. It waits in the same line as every statement — PGlite's one
   *   connection (its transactions hold it between statements), the pool's waiting list — which no timer of the
   *   event loop sees.
   */
  constructor(
    readonly options: LoadSheddingOptions,
    private readonly metrics?: Pick<Metrics, 'eventLoopDelaySeconds' | 'inFlightRequests' | 'shedTotal'>,
    private readonly probeDatabase?: () => Promise<unknown>,
  ) {}

  /** Starts sampling the event loop (idempotent). */
  start(): void {
    if (this.timer) return;
    this.histogram = monitorEventLoopDelay({ resolution: 10 });
    this.histogram.enable();
    this.lastTick = performance.now();
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Stops sampling (tests; a stopped shedder admits on the in-flight count alone). */
  stop(): void {
    clearInterval(this.timer);
    this.histogram?.disable();
    this.timer = undefined;
  }

  private tick(): void {
    const now = performance.now();
    const late = now - this.lastTick - TICK_MS;
    // the histogram's max is in ns: the longest its own 10 ms timer waited in this window
    this.previousWindowDelayMs = this.windowDelayMs;
    this.windowDelayMs = Math.max(late, (this.histogram?.max ?? 0) / 1e6, 0);
    this.previousFastestMs = this.fastestMs;
    this.fastestMs = Number.isFinite(this.fastestNowMs) ? this.fastestNowMs : 0;
    this.fastestNowMs = Infinity;
    this.histogram?.reset();
    this.lastTick = now;
    this.metrics?.eventLoopDelaySeconds.set(this.windowDelayMs / 1000);
    this.tickProbe(now);
  }

  /**
   * Sends the database probe once per window while requests are in flight and none is waiting (an idle process has
   * no line: what it knew of one is forgotten). A probe that waited past the threshold keeps the line marked as above
   * it since the moment it crossed; one within it clears the mark.
   */
  private tickProbe(now: number): void {
    const target = this.options.maxDatabaseQueueMs ?? 0;
    if (!this.probeDatabase || target <= 0 || this.probeSentAt !== undefined) return;
    if (this.inFlight === 0) {
      this.lineAboveSince = undefined;
      return;
    }
    const sent = (this.probeSentAt = now);
    const answered = (waitedMs: number) => {
      this.probeSentAt = undefined;
      if (waitedMs <= target) this.lineAboveSince = undefined;
      else this.lineAboveSince ??= sent + target;
    };
    // a failing database is the readiness check's business (/readyz), not a line
    this.probeDatabase().then(
      () => answered(performance.now() - sent),
      () => answered(0),
    );
  }

  /**
   * The event loop's delay now (ms): the last window's, or — when the loop has been blocked since — how late the
   * sampling timer already is.
   */
  eventLoopDelayMs(now = performance.now()): number {
    if (!this.timer) return 0;
    return Math.max(this.windowDelayMs, now - this.lastTick - TICK_MS);
  }

  /**
   * The delay the event loop has kept (ms): the smaller of its last two complete windows'. A loop that cannot keep up
   * is late in every window; a single stall — a long GC pause, the process descheduled on a busy machine — raises one
   * window only, and the requests that queued behind it are served within the next (the queue is gone once the stall
   * is), so it refuses nothing. (CoDel's rule for a standing queue: a minimum over an interval, not a maximum —
   * Nichols & Jacobson, "Controlling Queue Delay", ACM Queue 10(5), 2012.)
   */
  sustainedDelayMs(): number {
    if (!this.timer) return 0;
    return Math.min(this.windowDelayMs, this.previousWindowDelayMs);
  }

  /**
   * How long every request answered lately took at least (ms): the quickest answer of the last two windows (0 when
   * a window answered none). Requests that usually take a few ms all taking longer means they wait in a queue — the
   * time a new request would wait too (CoDel's standing-queue test on the requests' own time in the process).
   */
  queueMs(): number {
    if (!this.timer) return 0;
    return Math.min(this.fastestMs, this.previousFastestMs);
  }

  /**
   * How long the database's line has stood past the threshold (ms; 0 when it does not, or the probe is off): since
   * the first probe that waited past it, as long as no probe has answered within it — a probe still waiting counts
   * from the moment it crossed the threshold, so a line that does not move keeps refusing. New work is refused once
   * it has stood two windows (CoDel's test: above the target for a whole interval, not a single slow statement).
   */
  databaseQueueMs(now = performance.now()): number {
    const target = this.options.maxDatabaseQueueMs ?? 0;
    if (!this.timer || !this.probeDatabase || target <= 0) return 0;
    if (this.probeSentAt !== undefined && now - this.probeSentAt > target)
      this.lineAboveSince ??= this.probeSentAt + target;
    return this.lineAboveSince === undefined ? 0 : now - this.lineAboveSince;
  }

  /**
   * Why new work would be refused now (`event_loop_delay`: the loop has been late past the threshold for two windows
   * in a row, {@link sustainedDelayMs}; `queue`: every answer of the last two windows slower than the threshold,
   * {@link queueMs}; `database_queue`: the database's line has stood past its threshold for two windows,
   * {@link databaseQueueMs}; `in_flight`), or undefined when it is admitted.
   */
  refusal(): ShedReason | undefined {
    const { maxEventLoopDelayMs, maxInFlight, maxQueueMs = 0, maxDatabaseQueueMs = 0 } = this.options;
    if (maxInFlight > 0 && this.inFlight >= maxInFlight) return 'in_flight';
    if (maxEventLoopDelayMs > 0 && this.sustainedDelayMs() > maxEventLoopDelayMs) return 'event_loop_delay';
    if (maxQueueMs > 0 && this.queueMs() > maxQueueMs) return 'queue';
    if (maxDatabaseQueueMs > 0 && this.databaseQueueMs() >= 2 * TICK_MS) return 'database_queue';
    return undefined;
  }

  /**
   * Counts a request in flight until `work` ends; with `timed`, its time joins {@link queueMs} (not for a parent's
   * payment: it waits on the gateway, which says nothing of this process's queue).
   */
  async admit<T>(work: () => Promise<T>, timed = true): Promise<T> {
    this.inFlight++;
    this.metrics?.inFlightRequests.inc();
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.inFlight--;
      this.metrics?.inFlightRequests.dec();
      if (timed) this.fastestNowMs = Math.min(this.fastestNowMs, performance.now() - started);
    }
  }

  /** Counts a refusal. */
  shed(reason: ShedReason): void {
    this.metrics?.shedTotal.inc({ reason });
  }
}

/**
 * Whether a request may be a parent's payment: `POST /orders` with credentials (a Bearer token or the session cookie).
 * Only looked at further ({@link LoadSheddingHooks.validPaymentSession}) when the process is past a threshold.
 */
function paymentShaped(c: Parameters<MiddlewareHandler>[0]): boolean {
  return (
    c.req.method === 'POST' &&
    c.req.path === `${API_PREFIX}/orders` &&
    (c.req.header('authorization') !== undefined || getCookie(c, SESSION_COOKIE) !== undefined)
  );
}

/** What {@link loadShedding} asks the app. */
export interface LoadSheddingHooks {
  /**
   * Whether a payment-shaped request carries a LIVE session (one statement): only then is it never refused. Any
   * `Authorization` header would otherwise buy a way past the shedder.
   */
  validPaymentSession?: (c: Parameters<MiddlewareHandler>[0]) => Promise<boolean>;
}

/**
 * The admission middleware of `/api/v1/*` ({@link LoadShedder}): a request arriving while the process is past a
 * threshold is answered at once with 503 problem+json `overloaded` and `Retry-After` (nothing of it runs), except a
 * parent's payment — `POST /orders` with a live session ({@link LoadSheddingHooks.validPaymentSession}; without the
 * hook, none is exempt). A parent who was admitted into the join is not stopped at the last step — nor while retrying
 * a payment in doubt with its Idempotency-Key —, so a charge already made always gets its answer recorded; it still
 * counts in flight. An admitted request runs to its end.
 * @throws HttpProblem 503 `overloaded`
 */
export function loadShedding(shedder: LoadShedder, hooks: LoadSheddingHooks = {}): MiddlewareHandler {
  return async (c, next) => {
    shedder.start();
    const payment = paymentShaped(c);
    const reason = shedder.refusal();
    if (reason && !(payment && hooks.validPaymentSession && (await hooks.validPaymentSession(c)))) {
      shedder.shed(reason);
      const retryAfter = shedder.options.retryAfterSeconds;
      throw new HttpProblem(503, 'overloaded', `The service is busy; try again in ${retryAfter} s.`, {
        headers: { 'retry-after': String(retryAfter), 'cache-control': 'no-store' },
        extra: { retryAfterSeconds: retryAfter },
      });
    }
    // a payment waits on the gateway, which says nothing of this process's queue: not timed
    await shedder.admit(next, !payment);
  };
}

// The money soak's settings (bench/soak.mjs describes each; environment variables SOAK_*) and small helpers.
import { fileURLToPath } from 'node:url';

export const DRIVERS = (process.env.SOAK_DRIVERS ?? 'braintree,sandbox').split(',').filter(Boolean);
export const PARENTS = Number(process.env.SOAK_PARENTS ?? 100);
export const TIMEOUT_MS = Number(process.env.SOAK_GATEWAY_TIMEOUT_MS ?? 1000);
export const RECONCILE_MS = Number(process.env.SOAK_RECONCILE_INTERVAL_MS ?? 1000);
export const MAX_ATTEMPTS = Number(process.env.SOAK_MAX_ATTEMPTS ?? 60);
export const PARENT_DEADLINE_MS = Number(process.env.SOAK_PARENT_DEADLINE_MS ?? 120_000);
export const SEED = Number(process.env.SOAK_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Simulated settlement over time (0 = off: sales are settled by the soak's settlement batch). */
export const SETTLING_MS = Number(process.env.SOAK_SETTLING_MS ?? 0);
export const SETTLED_MS = Number(process.env.SOAK_SETTLED_MS ?? SETTLING_MS);
export const SETTLEMENT_DECLINED_RATE = Number(process.env.SOAK_SETTLEMENT_DECLINED_RATE ?? 0);
export const SEARCH_LAG_MS = Number(process.env.SOAK_SEARCH_LAG_MS ?? 8000);
export const KILLS = Number(process.env.SOAK_KILLS ?? 3);
export const KILL_EVERY_MS = Number(process.env.SOAK_KILL_EVERY_MS ?? 3000);
export const GB_SHARE = Number(process.env.SOAK_GB_SHARE ?? 0.25);
/** How long the money phase waits for join-api to follow the money (notifications, refunds found by search). */
export const MONEY_WAIT_MS = Number(process.env.SOAK_MONEY_WAIT_MS ?? 60_000);
/** A land-late sale is carried out this long after join-api's charge lease ran out, at most (ms). */
export const LAND_LATE_MAX_MS = 4000;

export const repo = fileURLToPath(new URL('../../../../', import.meta.url));
export const appDir = fileURLToPath(new URL('../../', import.meta.url));

/** mulberry32: a seeded PRNG, so a failing run can be replayed with SOAK_SEED. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The `p`th percentile of the ascending list `sorted` (NaN when empty). */
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

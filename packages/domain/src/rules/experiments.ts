import type { Experiment } from '../schemas.js';

/** Experiments flagged in spec §9 "Other constants". */
export const EXPERIMENTS = {
  GROW_621: 'GROW-621',
  GROW_722: 'GROW-722',
  GROW_805: 'GROW-805',
  GROW_892: 'GROW-892',
  GROW_886: 'GROW-886',
  GROW_794: 'GROW-794',
  GROW_872: 'GROW-872',
} as const;
/** An experiment name flagged in spec §9 (`'GROW-621'`, …), a value of {@link EXPERIMENTS}. */
export type ExperimentName = (typeof EXPERIMENTS)[keyof typeof EXPERIMENTS];

/** The value that puts a user in an experiment's treatment arm (spec §3 "Experiment"). */
export const TREATMENT = 'treatment';

/**
 * Whether the user is in the treatment arm of an experiment: an entry `{ name, value: 'treatment' }` exists.
 * Source: spec §3 "Experiment", §7 "Experiments for the logged-in user".
 */
export function isInTreatment(experiments: readonly Experiment[] | null | undefined, name: string): boolean {
  return experiments?.some((e) => e.name === name && e.value === TREATMENT) ?? false;
}

/** Feature flag names (spec §9 "Feature flags: Apple Pay, CAD PayPal, Venmo"), the keys of `FeatureFlags`. */
export const FEATURE_FLAGS = ['applePay', 'cadPayPal', 'venmo'] as const;
/** A feature flag name (spec §9 "Feature flags"), a key of `FeatureFlags`. */
export type FeatureFlagName = (typeof FEATURE_FLAGS)[number];

import type { Flow } from '@ofw/domain';

/** The steps of a join, in order (see {@link stepsFor}). */
export const STEP_IDS = ['details', 'package', 'terms', 'payment', 'account'] as const;
export type StepId = (typeof STEP_IDS)[number];

/**
 * The steps of a join for a flow (§1, §2, §4):
 * - 'join' (regular): details → package → terms → payment → account (credentials and security questions).
 * - 'pro' (professional-referred): the same; an account the professional created (`userCreatedByPro`) passes
 *   completion without a subscription (§4 "Completion"), so it skips package and payment.
 * - 'ctj' (invited co-parent): the same steps; the account step asks for credentials only (security questions are
 *   skipped in the invited flow, §4 "Completion").
 */
export function stepsFor(flow: Flow, opts: { userCreatedByPro?: boolean } = {}): StepId[] {
  if (flow === 'pro' && opts.userCreatedByPro) return ['details', 'terms', 'account'];
  return ['details', 'package', 'terms', 'payment', 'account'];
}

/** The step after `step` in `steps` (the last step stays). */
export function nextStep(steps: readonly StepId[], step: StepId): StepId {
  const i = steps.indexOf(step);
  return steps[Math.min(i + 1, steps.length - 1)] ?? steps[0]!;
}

/** The step before `step` in `steps` (the first step stays). */
export function previousStep(steps: readonly StepId[], step: StepId): StepId {
  const i = steps.indexOf(step);
  return steps[Math.max(i - 1, 0)] ?? steps[0]!;
}

/** A persisted step that the flow does not have (e.g. after `userCreatedByPro` changed) falls back to the first. */
export function clampStep(steps: readonly StepId[], step: StepId): StepId {
  return steps.includes(step) ? step : steps[0]!;
}

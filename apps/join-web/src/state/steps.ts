import type { Flow } from '@ofw/domain';

/** The steps of a join, in order (see {@link stepsFor}). */
export const STEP_IDS = ['details', 'email', 'package', 'terms', 'payment', 'account'] as const;
export type StepId = (typeof STEP_IDS)[number];

/**
 * The steps of a join for a flow (§1, §2, §4):
 * - 'join' (regular): details → package → terms → payment → account (credentials and security questions).
 * - 'pro' (professional-referred): the same; an account the professional created (`userCreatedByPro`) passes
 *   completion without a subscription (§4 "Completion"), so it skips package and payment.
 * - 'ctj' (invited co-parent): the same steps; the account step asks for credentials only (security questions are
 *   skipped in the invited flow, §4 "Completion").
 * After the sign-up, while the parent's address is not proven (`emailVerified` false, docs/IDENTITY.md), every flow
 * has the email step right after the details: the code that proves it comes before the plans and the payment. An
 * invited co-parent who kept the invited address is proven by the invitation, so never has it.
 */
export function stepsFor(flow: Flow, opts: { userCreatedByPro?: boolean; emailVerified?: boolean } = {}): StepId[] {
  const proof: StepId[] = opts.emailVerified === false ? ['email'] : [];
  if (flow === 'pro' && opts.userCreatedByPro) return ['details', ...proof, 'terms', 'account'];
  return ['details', ...proof, 'package', 'terms', 'payment', 'account'];
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

/**
 * The step a join shows for the URL's `step` (README "Steps in the URL"): the step named, when the flow has it and
 * the parent has reached it; otherwise the first incomplete one, `reached` (a deep link past it, a step the flow lacks,
 * or no step named). `reached` is the join's progress `step`: the furthest step the parent got to.
 * @param steps - the flow's steps ({@link stepsFor}).
 * @param urlStep - the `step` search parameter ({@link parseStepSearch}), if any.
 * @param reached - the furthest step reached (persisted progress).
 */
export function landingStep(steps: readonly StepId[], urlStep: StepId | undefined, reached: StepId): StepId {
  const furthest = clampStep(steps, reached);
  if (urlStep === undefined || !steps.includes(urlStep)) return furthest;
  return steps.indexOf(urlStep) <= steps.indexOf(furthest) ? urlStep : furthest;
}

/** The later of two steps in the join's order ({@link STEP_IDS}): the furthest reached after moving to `to`. */
export function furthestStep(reached: StepId, to: StepId): StepId {
  return STEP_IDS.indexOf(to) > STEP_IDS.indexOf(reached) ? to : reached;
}

/** The `step` search parameter of the join routes (`/join?step=package`). */
export interface StepSearch {
  step?: StepId;
}

/**
 * Reads {@link StepSearch} from a join route's search parameters (TanStack Router `validateSearch`): one of
 * {@link STEP_IDS}, else nothing (an unknown step is dropped, never an error page). Plain code, not zod: route
 * definitions are part of every page's first load (docs/performance/join-web.md "Size").
 */
export function parseStepSearch(search: Record<string, unknown>): StepSearch {
  const step = search.step;
  return typeof step === 'string' && (STEP_IDS as readonly string[]).includes(step) ? { step: step as StepId } : {};
}

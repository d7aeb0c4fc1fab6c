import { EXPERIMENTS, isInTreatment, type Experiment, type Flow } from '@ofw/domain';
import { experimentsQuery, inviteExperimentsQuery } from '@ofw/api-client/query';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useServices } from '../services.js';
import { useSignedInUserId } from './server-state.js';
import { useJoin } from './use-join.js';

/**
 * UI variants switched by the §9 experiments (a `{ name, value: 'treatment' }` entry puts the parent in the
 * treatment arm). The spec names the experiments but not what they change; this app's choice (README):
 * - GROW-621: the Premium tier carries a "Most popular" badge.
 * - GROW-722: package cards also list the secondary features (a fuller comparison); control shows the primary ones.
 * - GROW-805: the FAQ accordion comes right after the plans (above the Back button) instead of at the end of the step.
 *   Never before them: on a 360 px phone four questions would push the first price out of view, and the plans come
 *   first for screen readers and the keyboard too.
 * - GROW-892: the build-your-own builder comes before the fixed tiers (control: after them).
 */
export interface Variants {
  popularBadge: boolean;
  fullComparison: boolean;
  faqNextToPlans: boolean;
  buildYourOwn: boolean;
}

/** Maps experiment entries to {@link Variants}. Pure. */
export function variantsFrom(experiments: readonly Experiment[] | undefined): Variants {
  return {
    popularBadge: isInTreatment(experiments, EXPERIMENTS.GROW_621),
    fullComparison: isInTreatment(experiments, EXPERIMENTS.GROW_722),
    faqNextToPlans: isInTreatment(experiments, EXPERIMENTS.GROW_805),
    buildYourOwn: isInTreatment(experiments, EXPERIMENTS.GROW_892),
  };
}

/** The parent's experiments (GET /experiments, or /invites/experiments in the invited flow) as variants. */
export function useVariants(flow: Flow): { variants: Variants; isLoading: boolean } {
  const { api } = useServices();
  const { state, progress } = useJoin();
  // Before the signup an invited co-parent is known by the invite token; after it (the token is single-use) by the
  // parent's session cookie.
  const byInvite = flow === 'ctj' && !progress.signedIn && Boolean(state.inviteToken);
  const userId = useSignedInUserId();
  const invite = useQuery(inviteExperimentsQuery(api, byInvite && state.inviteToken ? state.inviteToken : skipToken));
  const parent = useQuery(experimentsQuery(api, !byInvite && userId !== undefined ? userId : skipToken));
  const q = byInvite ? invite : parent;
  return { variants: variantsFrom(q.data), isLoading: q.isLoading };
}

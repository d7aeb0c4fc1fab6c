import { useAtom } from 'jotai';
import { useCallback } from 'react';
import {
  joinStateAtom,
  progressAtom,
  type BrowserJoinState,
  type JoinProgress,
  type StepId,
} from '../state/join-state.js';

/** The join state and progress atoms with shallow-merge setters. */
export function useJoin() {
  const [state, setState] = useAtom(joinStateAtom);
  const [progress, setProgress] = useAtom(progressAtom);
  const patchState = useCallback(
    (patch: Partial<BrowserJoinState> | ((s: BrowserJoinState) => Partial<BrowserJoinState>)) =>
      setState((s) => ({ ...s, ...(typeof patch === 'function' ? patch(s) : patch) })),
    [setState],
  );
  const patchProgress = useCallback(
    (patch: Partial<JoinProgress> | ((p: JoinProgress) => Partial<JoinProgress>)) =>
      setProgress((p) => ({ ...p, ...(typeof patch === 'function' ? patch(p) : patch) })),
    [setProgress],
  );
  return { state, setState, patchState, progress, setProgress, patchProgress };
}

/**
 * Step navigation handed to every step: each move pushes a history entry with the step in the URL (README "Steps in
 * the URL"), so the browser's Back returns to where the parent was.
 */
export interface StepNav {
  /**
   * The next step of the flow; it becomes the furthest reached if it is further. `replace`: the step left is replaced
   * in the history instead of pushed over (a step done for good, e.g. the e-mail proof: Back skips it).
   */
  next: (o?: { replace?: boolean }) => void;
  /**
   * Back to the furthest step reached when it lies beyond this one, else {@link StepNav.next}: a step the parent is sent
   * back to (the e-mail proof after a payment refused for an unproven address, docs/IDENTITY.md "Contract") returns
   * them where they were, their plan and terms kept, instead of walking them through those steps again.
   */
  resume: (o?: { replace?: boolean }) => void;
  /** The previous step of the flow. */
  back: () => void;
  /** A step already reached (e.g. the plans from the account step after a payment). */
  goTo: (step: StepId) => void;
  /** Index of the step (0 = first). */
  index: number;
}

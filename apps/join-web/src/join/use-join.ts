import type { JoinState } from '@ofw/domain';
import { useAtom } from 'jotai';
import { useCallback } from 'react';
import { joinStateAtom, progressAtom, type JoinProgress } from '../state/join-state.js';

/** The join state and progress atoms with shallow-merge setters. */
export function useJoin() {
  const [state, setState] = useAtom(joinStateAtom);
  const [progress, setProgress] = useAtom(progressAtom);
  const patchState = useCallback(
    (patch: Partial<JoinState> | ((s: JoinState) => Partial<JoinState>)) =>
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

/** Step navigation handed to every step. */
export interface StepNav {
  next: () => void;
  back: () => void;
  /** Index of the step (0 = first). */
  index: number;
}

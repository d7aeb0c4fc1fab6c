import type { Quote } from '@ofw/domain';
import { useAtomValue } from 'jotai';
import { autoRenewAtom } from '../state/join-state.js';
import type { ChosenPackage } from './chosen-package.js';

/**
 * The renewal the parent chose for the chosen package (docs/RENEWAL.md): its `renewalQuote` when the terms step's box
 * is ticked and the package can renew, else `undefined` (no renewal: the order says `autoRenew: false`, the wallets
 * run as one-time payments).
 */
export function useChosenRenewal(chosen: ChosenPackage): Quote | undefined {
  const { autoRenew } = useAtomValue(autoRenewAtom);
  return autoRenew === true ? chosen.renewal : undefined;
}

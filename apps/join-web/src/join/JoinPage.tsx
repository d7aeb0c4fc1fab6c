import { flowFromPath, type Flow } from '@ofw/domain';
import { useLocation } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { startJoinAtom } from '../state/join-state.js';
import { JoinStepper } from './JoinStepper.js';
import { useJoin } from './use-join.js';

/** The professional's details from a `/join/pro` link. */
export interface ProReferral {
  proFirstName?: string | undefined;
  proLastName?: string | undefined;
  token?: string | undefined;
}

/**
 * `/join` and `/join/pro…`: the flow comes from the path (`flowFromPath`, §2). A persisted join of another flow
 * (or of another professional) is replaced by a fresh one; the same flow resumes where it was.
 */
export function JoinPage({ pro }: { pro?: ProReferral }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  const { state, progress } = useJoin();
  const pathFlow: Flow = flowFromPath(pathname) ?? 'join';
  // spec §1: flow 'pro' is the professional-referred join. Without a referral token (and no pro join already signed
  // up) /join/pro is the regular join, as join-api makes it: no professional is named and the pro package is not sold.
  const referred = Boolean(pro?.token) || (state.flow === 'pro' && (state.isAuthedParent || progress.signedIn));
  const flow: Flow = pathFlow === 'pro' && !referred ? 'join' : pathFlow;
  const startJoin = useSetAtom(startJoinAtom);
  const stale =
    state.flow !== flow ||
    // §6: an authenticated parent (signed up, or with a user id) keeps their join whatever the referral link says.
    (flow === 'pro' &&
      !state.isAuthedParent &&
      ((pro?.proFirstName !== undefined && pro.proFirstName !== state.proFirstName) ||
        (pro?.proLastName !== undefined && pro.proLastName !== state.proLastName)));

  useEffect(() => {
    if (stale) startJoin({ flow, proFirstName: pro?.proFirstName, proLastName: pro?.proLastName });
  }, [stale, flow, pro?.proFirstName, pro?.proLastName, startJoin]);

  if (stale) return null;
  return <JoinStepper flow={flow} proReferralToken={pro?.token} />;
}

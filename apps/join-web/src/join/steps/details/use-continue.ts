import { isApiError } from '@ofw/api-client/errors';
import type { Flow } from '@ofw/domain';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useJoinPort } from '../../join-port.js';
import { useJoin, type StepNav } from '../../use-join.js';
import { signupErrorsOf } from './details-options.js';
import { pendingSignupAtom, takePendingSignup } from './pending-signup.js';
import type { useDetailsForm } from './use-details-form.js';

/**
 * Continue on the details step: validate ({@link useDetailsForm}'s `check`), then sign up through the tree's port —
 * or go on at once when the parent already signed up (they came back with Back). In the first-screen tree the port
 * only records the Continue (pending-signup.ts); the full app's step sends that sign-up once, as soon as it is
 * mounted. The step's messages are forgotten when it is left.
 * @returns the sign-up's state, `busy`, `onSubmit`, whether the pro referral was refused (§8, 401) and the banner of a
 *   sign-up that failed without a field to fix.
 */
export function useContinue(
  form: ReturnType<typeof useDetailsForm>,
  o: { flow: Flow; nav: StepNav; proReferralToken?: string | undefined },
) {
  const intl = useIntl();
  const store = useStore();
  const { progress } = useJoin();
  const next = () => {
    form.reset();
    o.nav.next();
  };
  const submit = useJoinPort().useSubmitDetails({ ...o, nav: { ...o.nav, next } });
  const busy = submit.isPending;
  const serverErrors = (err: unknown) => signupErrorsOf(intl, err);
  const signUp = (country: Parameters<typeof submit.mutate>[0]) =>
    submit.mutate(country, { onError: (err) => form.setErrors(serverErrors(err).fields) });
  const signUpRef = useRef(signUp);
  signUpRef.current = signUp;

  // a Continue pressed in the first-screen tree, before the router and the query client were in: sent once, here —
  // also when that Continue's check (the rules' chunk, the Canadian check) ends after this tree took over
  const pending = useAtomValue(pendingSignupAtom);
  useEffect(() => {
    if (!submit.ready || pending === undefined) return;
    const country = takePendingSignup(store);
    if (country !== undefined) signUpRef.current(country);
  }, [submit.ready, pending, store]);

  /** The pro referral link was used, revoked or has expired (POST /signups 401): offer the regular join. */
  const referralInvalid =
    o.flow === 'pro' && !!o.proReferralToken && isApiError(submit.error) && submit.error.status === 401;
  // a signup that failed without a field to fix (no answer, a timeout, a 5xx…): Try again submits again (with the same
  // Idempotency-Key when the answer may have been lost, use-submit-details)
  const failed = submit.error && !referralInvalid ? serverErrors(submit.error).banner : undefined;

  async function onSubmit() {
    if (busy) return;
    submit.reset();
    const confirmed = await form.check();
    if (confirmed === undefined) return;
    // Already signed up (the parent came back with Back): keep the signup and go on.
    if (progress.signedIn) return next();
    signUp(confirmed);
  }

  return { submit, busy, onSubmit, referralInvalid, failed };
}

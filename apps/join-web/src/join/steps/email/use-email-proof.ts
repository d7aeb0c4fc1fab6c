import { normalizeEmailCode, type ParentState } from '@ofw/api-client';
import { isApiError } from '@ofw/api-client/errors';
import { queryKeys } from '@ofw/api-client/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { IntlShape } from 'react-intl';
import { useServices } from '../../../services.js';
import { problemMessage } from '../../api-errors.js';
import { emailMessages } from '../../messages.js';
import { requireSignedIn, useSignedInUserId } from '../../server-state.js';
import type { StepNav } from '../../use-join.js';

/** A code as the parent typed or pasted it, once spaces and dashes are gone: 6 digits, or undefined. */
export function typedCode(raw: string): string | undefined {
  const code = normalizeEmailCode(raw);
  return /^\d{6}$/.test(code) ? code : undefined;
}

/**
 * The field error of a failed verification, in the page's language: a wrong code with the tries left, an expired code
 * or too many tries (both: send a new code), a code that is not 6 digits, a 429's wait; undefined for any other error
 * (the step's banner shows it with Try again).
 */
export function codeErrorOf(intl: IntlShape, error: unknown): string | undefined {
  if (isApiError(error, 'code_incorrect'))
    return intl.formatMessage(emailMessages.incorrect, { tries: error.problem.triesLeft ?? 1 });
  if (isApiError(error, 'code_expired')) return intl.formatMessage(emailMessages.expired);
  if (isApiError(error, 'too_many_tries')) return intl.formatMessage(emailMessages.tooManyTries);
  if (isApiError(error, 'validation_failed')) return intl.formatMessage(emailMessages.invalid);
  if (isApiError(error, 'rate_limited')) return problemMessage(intl, error);
  return undefined;
}

/** Seconds left until `until` (epoch ms), ticking once a second while above 0. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * The requests of the e-mail step (docs/IDENTITY.md): a code is sent once the step shows (a 429 of the 30 s cool-down
 * means one went out moments ago, e.g. before a reload: its wait becomes the button's), "Send a new code" sends another
 * after the cool-down, and `verify` proves the address with what was typed. The right code marks the parent proven in
 * the query cache and goes on — unless the address already has an account (`existing`), which the step shows instead.
 * @returns the `send` and `verify` mutations, `proceed` (on from a proven address), `resendIn` (seconds before a new
 *   code may be asked for) and `existing` (the verification's `existingAccount`).
 */
export function useEmailProof(nav: StepNav, verified: boolean) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  const [cooldownUntil, setCooldownUntil] = useState(0);
  const wait = (seconds: number) => setCooldownUntil(Date.now() + seconds * 1000);
  const send = useMutation({
    mutationFn: () => api.sendEmailCode({ params: { userId: requireSignedIn(userId) } }),
    onSuccess: (answer) => wait(answer.resendAfterSeconds),
    onError: (error) => {
      if (isApiError(error, 'rate_limited')) wait(error.problem.retryAfterSeconds ?? 30);
    },
  });
  const verify = useMutation({
    mutationFn: (code: string) => api.verifyEmail({ params: { userId: requireSignedIn(userId) }, body: { code } }),
    onSuccess: (answer) => {
      // an address with an account stays on this step, which shows it (its Continue goes on with `proceed`)
      if (!answer.existingAccount) proceed();
    },
  });
  /**
   * On in place of this step (the browser's Back then skips it) — to the next step, or back to the furthest one reached
   * when the parent was sent here from a later step (a payment refused as `email_unverified`) — then the parent proven
   * in the cache (the step list drops this step: it is behind).
   */
  const proceed = () => {
    nav.resume({ replace: true });
    queryClient.setQueryData<ParentState>(queryKeys.parent(requireSignedIn(userId)), (ps) =>
      ps ? { ...ps, emailVerified: true } : ps,
    );
  };
  // the first code goes out when the step shows (once per mount; the server's cool-down stops a second)
  const sent = useRef(false);
  useEffect(() => {
    if (verified || sent.current || userId === undefined) return;
    sent.current = true;
    send.mutate();
  }, [verified, userId, send]);
  const existing = verify.data?.existingAccount ?? null;
  return { send, verify, proceed, resendIn: useSecondsLeft(cooldownUntil), existing };
}

/** The longest `Retry-After` the page waits for before its one retry (s); a longer one is answered at once. */
export const MAX_RETRY_AFTER_SECONDS = 10;

/**
 * Wraps `fetchImpl` for the API client: an answer 503 problem+json `overloaded` (join-api refused the request at
 * once, nothing of it ran: join-api README "Overload") with `Retry-After` is sent again ONCE after `Retry-After`
 * seconds (at most {@link MAX_RETRY_AFTER_SECONDS}); the second answer is returned whatever it is, so a parent still
 * refused sees the error. Any other answer is returned as is.
 * @param fetchImpl - the fetch to wrap.
 * @param sleep - waits `ms` (tests pass a fake clock).
 */
export function retryOnceWhenOverloaded(
  fetchImpl: typeof fetch,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): typeof fetch {
  return async (input, init) => {
    // a Request's body can be read once: keep a copy for the retry
    const again = input instanceof Request ? input.clone() : input;
    const first = await fetchImpl(input, init);
    const seconds = await overloadedRetryAfter(first);
    if (seconds === undefined) return first;
    await first.body?.cancel();
    await sleep(seconds * 1000);
    return fetchImpl(again, init);
  };
}

/** The `Retry-After` (s) of a 503 `overloaded` problem within {@link MAX_RETRY_AFTER_SECONDS}, else undefined. */
async function overloadedRetryAfter(res: Response): Promise<number | undefined> {
  if (res.status !== 503 || !res.headers.get('content-type')?.includes('application/problem+json')) return undefined;
  const seconds = Number(res.headers.get('retry-after'));
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_RETRY_AFTER_SECONDS) return undefined;
  const problem = (await res
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown } | undefined;
  return problem?.code === 'overloaded' ? seconds : undefined;
}

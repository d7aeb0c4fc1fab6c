/**
 * What a browser does in the 3D Secure challenge frame (§4 "3D Secure flow" 2–3, as braintree-web's Songbird flow
 * runs it): loads the provider's step-up page, which posts the CReq to the bank's ACS page (the bank's own origin),
 * answers the bank (`complete`, `fail` or `cancel`), follows the bank's CRes post back to the provider's notification
 * page and reads what that page hands the merchant's page. For tests and benches that pay with a challenged card
 * without a browser.
 * @param send - an HTTP client for absolute URLs (e.g. `fetch`, or a router over in-process apps).
 * @param providerUrl - the sandbox's origin (where the lookup ran), e.g. `http://127.0.0.1:3010`.
 * @param transactionId - the lookup's `lookup.transactionId`.
 * @returns the JWT to exchange at `authenticate_from_jwt` (`complete`, `fail`), or `challengeCancel: '01'` (`cancel`).
 * @throws Error when a page of the chain does not answer as expected.
 */
export async function answerChallenge(
  send: (url: string, init?: RequestInit) => Promise<Response>,
  providerUrl: string,
  transactionId: string,
  outcome: 'complete' | 'fail' | 'cancel',
): Promise<{ jwt?: string; challengeCancel?: string }> {
  const stepUp = await page(
    send,
    `${providerUrl}/three-d-secure/step-up?transactionId=${encodeURIComponent(transactionId)}`,
  );
  const toBank = autoPostForm(stepUp);
  const bank = await page(send, toBank.action, toBank.fields);
  const creq = /name="creq" value="([^"]+)"/.exec(bank)?.[1];
  if (!creq) throw new Error('the bank page carries no CReq');
  const result = await page(send, `${new URL(toBank.action).origin}/acs/challenge/result`, { creq, outcome });
  const toProvider = autoPostForm(result);
  const notification = await page(send, toProvider.action, toProvider.fields);
  const data = (name: string) => new RegExp(`data-${name}="([^"]*)"`).exec(notification)?.[1];
  const jwt = data('jwt');
  const challengeCancel = data('challenge-cancel');
  return { ...(jwt ? { jwt } : {}), ...(challengeCancel ? { challengeCancel } : {}) };
}

async function page(
  send: (url: string, init?: RequestInit) => Promise<Response>,
  url: string,
  form?: Record<string, string>,
): Promise<string> {
  const res = await send(
    url,
    form
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }
      : undefined,
  );
  if (!res.ok) throw new Error(`${form ? 'POST' : 'GET'} ${url}: ${res.status}`);
  return res.text();
}

/** The auto-posted form of a step-up or CRes page: its absolute action and hidden fields. */
function autoPostForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form id="auto-post" method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('the page has no auto-posted form');
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]),
  );
  return { action: action.replaceAll('&amp;', '&'), fields };
}

/**
 * The sandbox's issuing bank: the 3D Secure 2 ACS (Access Control Server) challenge, served from its own origin — a
 * separate listener (`SANDBOX_ACS_PORT`, on 127.0.0.1) — as a real bank's ACS is, on a host no merchant or provider
 * allow-list can name (docs/PAYMENTS.md). The flow follows the EMV 3DS browser challenge as braintree-web's Songbird
 * frameworks drive it (braintree-web src/three-d-secure/external/frameworks/songbird.js `_presentChallenge`:
 * `Cardinal.continue('cca', { AcsUrl: lookup.acsUrl, Payload: lookup.pareq })`):
 *
 * 1. the provider's step-up page (the provider's origin, in the product's challenge frame; three-d-secure.ts) POSTs the
 *    CReq (`creq`) to the ACS URL the lookup answered — the frame's document goes to the bank;
 * 2. `POST /acs/challenge` — the bank's page: "Complete authentication", "Fail authentication"; Escape cancels
 *    (EMV 3DS `challengeCancel` 01, "cardholder selected Cancel", spec §9 "Cancel code 01 means customer cancel");
 * 3. `POST /acs/challenge/result` records the outcome (what the ACS reports to the 3DS server in its RReq) and answers
 *    a page that POSTs the CRes (`cres`) to the provider's notification URL — the frame's document goes back to the
 *    provider, whose page hands the result to the merchant's page.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { errorPage } from './pages.js';
import type { SandboxStore } from './store.js';

/** EMV 3DS message version the sandbox speaks (the lookup's `threeDSecureVersion`). */
export const MESSAGE_VERSION = '2.2.0';
/** The ACS URL path the lookup answers (`lookup.acsUrl` = `<ACS origin>/acs/challenge`). */
export const ACS_CHALLENGE_PATH = '/acs/challenge';
/** EMV 3DS `challengeCancel` "01": the cardholder selected Cancel. */
export const CHALLENGE_CANCEL_CARDHOLDER = '01';

/** The CReq the provider posts to the ACS (EMV 3DS browser challenge, base64url JSON in the `creq` form field). */
const CReqSchema = z.object({
  messageType: z.literal('CReq'),
  messageVersion: z.string(),
  threeDSServerTransID: z.string().min(1),
  acsTransID: z.string().min(1),
  challengeWindowSize: z.string().optional(),
});
export type CReq = z.infer<typeof CReqSchema>;

/** The CRes the ACS posts to the provider's notification URL (base64url JSON in the `cres` form field). */
const CResSchema = z.object({
  messageType: z.literal('CRes'),
  messageVersion: z.string(),
  threeDSServerTransID: z.string().min(1),
  acsTransID: z.string().min(1),
  /** `Y` authenticated, `N` not authenticated. */
  transStatus: z.enum(['Y', 'N']),
  challengeCompletionInd: z.literal('Y'),
  /** Present when the challenge was cancelled (`01` by the cardholder). */
  challengeCancel: z.string().optional(),
});
export type CRes = z.infer<typeof CResSchema>;

/** base64url of a message's JSON, as EMV 3DS carries CReq / CRes in a browser form field. */
export function encodeMessage(message: CReq | CRes): string {
  return Buffer.from(JSON.stringify(message)).toString('base64url');
}

function decode<T>(schema: z.ZodType<T>, value: unknown): T | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The CRes in a `cres` form field, or undefined when it is missing or malformed. */
export const decodeCRes = (value: unknown): CRes | undefined => decode(CResSchema, value);

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A page that POSTs one form at once (its script `src`, same origin): the provider's step-up page (CReq → ACS) and
 * the ACS's CRes page (→ provider). The button is there for a browser without script, as EMV 3DS asks.
 */
export function autoPostPage(input: {
  title: string;
  action: string;
  fields: Record<string, string>;
  script: string;
}): string {
  const hidden = Object.entries(input.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title></head>
<body>
<form id="auto-post" method="post" action="${escapeHtml(input.action)}">${hidden}<p>${escapeHtml(input.title)}…</p><noscript><button type="submit">Continue</button></noscript></form>
<script src="${escapeHtml(input.script)}"></script>
</body>
</html>`;
}

/** The script of {@link autoPostPage}: submits the page's form. */
export const AUTO_POST_SCRIPT = `document.getElementById('auto-post').submit();`;

/**
 * CSP of a page in the product's challenge frame: only its own script, framed only by the merchant's page
 * (`frame-ancestors`: every ancestor of the frame — the provider's page it replaced is not one), forms posted only to
 * `formAction`.
 */
export function challengeFrameCsp(parentOrigin: string, formAction: string): string {
  return `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action ${formAction}; frame-ancestors ${parentOrigin}`;
}

function bankPage(input: { creq: string; amount: string; lastFour: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox bank: authenticate the payment</title>
<style>body{font:16px/1.4 system-ui,sans-serif;margin:0;padding:1rem;color:#1f2933;background:#fff}h1{font-size:1.25rem;margin:0 0 .5rem}
button{font:inherit;padding:.6rem 1rem;margin:.5rem .5rem 0 0;border-radius:4px;border:1px solid #1f2933;cursor:pointer}
#complete{background:#0b6e4f;color:#fff;border-color:#0b6e4f}#fail{background:#fff;color:#a61b1b;border-color:#a61b1b}</style></head>
<body>
<div>
<h1>Sandbox bank</h1>
<p>Authenticate the payment of ${escapeHtml(input.amount)} with the card ending in ${escapeHtml(input.lastFour)}. This is the payments sandbox's bank: choose an outcome.</p>
<form id="challenge" method="post" action="${ACS_CHALLENGE_PATH}/result">
<input type="hidden" name="creq" value="${escapeHtml(input.creq)}">
<button type="submit" id="complete" name="outcome" value="complete">Complete authentication</button>
<button type="submit" id="fail" name="outcome" value="fail">Fail authentication</button>
</form>
</div>
<script src="${ACS_CHALLENGE_PATH}/bank.js"></script>
</body>
</html>`;
}

/** The bank page's script: Escape cancels the challenge (CRes with `challengeCancel` 01). */
const BANK_SCRIPT = `(function () {
  var form = document.getElementById('challenge');
  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape') return;
    var outcome = document.createElement('input');
    outcome.type = 'hidden';
    outcome.name = 'outcome';
    outcome.value = 'cancel';
    form.appendChild(outcome);
    form.submit();
  });
})();`;

const FormBody = z.object({ creq: z.string(), outcome: z.enum(['complete', 'fail', 'cancel']).optional() });

/**
 * The bank's app, served on its own listener (server.ts). It shares the sandbox's store: the lookup the provider made
 * (amount, card, the merchant's page, the provider's notification URL) is what the bank was told in the AReq.
 */
export function createAcsApp({ store }: { store: SandboxStore }): Hono {
  const app = new Hono();
  app.get('/health', (c) => c.json({ ok: true }));

  const openLookup = (body: Record<string, unknown>) => {
    const form = FormBody.safeParse(body);
    const creq = form.success ? decode(CReqSchema, form.data.creq) : undefined;
    const lookup = creq ? store.getLookup(creq.acsTransID) : undefined;
    if (!form.success || !creq || !lookup || lookup.outcome || !lookup.notificationUrl) return undefined;
    return { form: form.data, creq, lookup, notificationUrl: lookup.notificationUrl };
  };
  const unknown = () => errorPage('Unknown authentication', 'This authentication is unknown or finished.');

  // The ACS URL: the CReq arrives by a form POST from the provider's step-up page (EMV 3DS browser challenge)
  app.post(ACS_CHALLENGE_PATH, async (c) => {
    const open = openLookup(await c.req.parseBody());
    if (!open) return c.html(unknown(), 404);
    c.header('Content-Security-Policy', challengeFrameCsp(open.lookup.parentOrigin, "'self'"));
    c.header('Cache-Control', 'no-store');
    return c.html(bankPage({ creq: open.form.creq, amount: open.lookup.amount, lastFour: open.lookup.card.lastFour }));
  });

  app.get(`${ACS_CHALLENGE_PATH}/bank.js`, (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(BANK_SCRIPT);
  });
  app.get(`${ACS_CHALLENGE_PATH}/post.js`, (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(AUTO_POST_SCRIPT);
  });

  // The cardholder's answer: recorded (the ACS's RReq to the 3DS server), then the CRes goes to the provider
  app.post(`${ACS_CHALLENGE_PATH}/result`, async (c) => {
    const open = openLookup(await c.req.parseBody());
    if (!open?.form.outcome) return c.html(unknown(), 404);
    const { outcome } = open.form;
    if (outcome !== 'cancel') open.lookup.outcome = outcome;
    const cres: CRes = {
      messageType: 'CRes',
      messageVersion: MESSAGE_VERSION,
      threeDSServerTransID: open.creq.threeDSServerTransID,
      acsTransID: open.creq.acsTransID,
      transStatus: outcome === 'complete' ? 'Y' : 'N',
      challengeCompletionInd: 'Y',
      ...(outcome === 'cancel' ? { challengeCancel: CHALLENGE_CANCEL_CARDHOLDER } : {}),
    };
    c.header(
      'Content-Security-Policy',
      challengeFrameCsp(open.lookup.parentOrigin, new URL(open.notificationUrl).origin),
    );
    c.header('Cache-Control', 'no-store');
    return c.html(
      autoPostPage({
        title: 'Returning to the merchant',
        action: open.notificationUrl,
        fields: { cres: encodeMessage(cres) },
        script: `${ACS_CHALLENGE_PATH}/post.js`,
      }),
    );
  });
  return app;
}

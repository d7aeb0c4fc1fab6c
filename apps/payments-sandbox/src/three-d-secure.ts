/**
 * 3D Secure 2 in the sandbox (DESIGN.md §5, spec §4 "3D Secure flow", §7 lookup and authenticate_from_jwt):
 * a lookup that is frictionless for some test cards and asks for a challenge for others, a challenge page with
 * "Complete authentication" / "Fail authentication", and the JWT exchange that returns the authenticated nonce.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { FAKE_NONCES, THREE_D_SECURE_CARDS, paymentMethodPayload, type StoredCard } from './cards.js';
import { errorPage } from './pages.js';
import { randomId, type SandboxStore, type ThreeDSecureInfo } from './store.js';
import { AUTHORIZATION_INSUFFICIENT, AUTHORIZATION_INVALID } from './authorization.js';

const VERSION = '2.2.0';

const LookupRequest = z.object({
  authorization: z.string(),
  nonce: z.string().min(1),
  amount: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d+(\.\d{1,2})?$/, 'amount must be a decimal number')),
  bin: z.string().optional(),
  email: z.string().optional(),
  billingAddress: z.record(z.string(), z.unknown()).optional(),
  additionalInformation: z.record(z.string(), z.unknown()).optional(),
  challengeRequested: z.boolean().optional(),
});

function info(status: string, liabilityShifted: boolean, liabilityShiftPossible: boolean): ThreeDSecureInfo {
  return {
    liabilityShifted,
    liabilityShiftPossible,
    status,
    enrolled: liabilityShiftPossible ? 'Y' : 'U',
    threeDSecureVersion: VERSION,
    ...(liabilityShifted ? { cavv: randomBytes(20).toString('base64'), eciFlag: '05' } : {}),
    dsTransactionId: crypto.randomUUID(),
  };
}

/**
 * Frictionless outcome for a card, or 'challenge' (Braintree "3D Secure 2 test cards"). Any other card (4111…) is
 * looked up as "Authentication Not Available on Lookup": `authentication_unavailable`, no liability shift possible.
 */
function lookupOutcome(card: StoredCard, challengeRequested: boolean): ThreeDSecureInfo | 'challenge' {
  switch (card.threeDSecureCard) {
    case THREE_D_SECURE_CARDS.authenticationRequired:
      return challengeRequested ? 'challenge' : info('authentication_unavailable', false, false);
    case THREE_D_SECURE_CARDS.frictionlessSuccess:
      return info('authenticate_successful', true, true);
    case THREE_D_SECURE_CARDS.frictionlessFailure:
      return info('authenticate_frictionless_failed', false, true);
    case THREE_D_SECURE_CARDS.challenge:
      return 'challenge';
    default:
      return info('authentication_unavailable', false, false);
  }
}

function challengePage(input: {
  transactionId: string;
  parentOrigin: string;
  amount: string;
  lastFour: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox bank: authenticate the payment</title>
<style>body{font:16px/1.4 system-ui,sans-serif;margin:0;padding:1rem;color:#1f2933;background:#fff}h1{font-size:1.25rem;margin:0 0 .5rem}
button{font:inherit;padding:.6rem 1rem;margin:.5rem .5rem 0 0;border-radius:4px;border:1px solid #1f2933;cursor:pointer}
#complete{background:#0b6e4f;color:#fff;border-color:#0b6e4f}#fail{background:#fff;color:#a61b1b;border-color:#a61b1b}</style></head>
<body data-transaction-id="${input.transactionId}" data-parent-origin="${input.parentOrigin}">
<div>
<h1>Sandbox bank</h1>
<p>Authenticate the payment of ${input.amount} with the card ending in ${input.lastFour}. This is the payments sandbox: choose an outcome.</p>
<button type="button" id="complete">Complete authentication</button>
<button type="button" id="fail">Fail authentication</button>
<p id="status" role="status"></p>
</div>
<script src="/three-d-secure/challenge.js"></script>
</body>
</html>`;
}

/** The challenge page's script: records the outcome, then hands the JWT to the parent page (postMessage). */
const CHALLENGE_SCRIPT = `(function () {
  var body = document.body;
  var transactionId = body.dataset.transactionId;
  var parentOrigin = body.dataset.parentOrigin;
  function finish(outcome) {
    document.getElementById('complete').disabled = true;
    document.getElementById('fail').disabled = true;
    document.getElementById('status').textContent = 'Returning to the merchant…';
    fetch('/v1/three_d_secure/challenge', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ transactionId: transactionId, outcome: outcome }) })
      .then(function (r) { return r.json(); })
      .then(function (data) { window.parent.postMessage({ source: 'ofw-sandbox-3ds', type: 'challengeComplete', transactionId: transactionId, jwt: data.jwt, actionCode: outcome === 'complete' ? 'SUCCESS' : 'FAILURE' }, parentOrigin); });
  }
  document.getElementById('complete').addEventListener('click', function () { finish('complete'); });
  document.getElementById('fail').addEventListener('click', function () { finish('fail'); });
  // Escape inside the bank page cancels like Escape on the product's frame
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') window.parent.postMessage({ source: 'ofw-sandbox-3ds', type: 'cancel', transactionId: transactionId }, parentOrigin);
  });
})();`;

function originOf(c: Context, allowedOrigins: readonly string[]): string | undefined {
  const origin = c.req.header('origin');
  return origin && allowedOrigins.includes(origin) ? origin : undefined;
}

export function registerThreeDSecure(
  app: Hono,
  { store, allowedOrigins }: { store: SandboxStore; allowedOrigins: readonly string[] },
): void {
  // POST payment_methods/{nonce}/three_d_secure/lookup (spec §7)
  app.post('/v1/browser/three_d_secure/lookup', async (c) => {
    const parentOrigin = originOf(c, allowedOrigins);
    if (!parentOrigin) return c.json({ error: { message: 'Origin not allowed.' } }, 403);
    const parsed = LookupRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      return c.json(
        { error: { message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') } },
        422,
      );
    }
    const request = parsed.data;
    // Braintree: a lookup needs a client token; a tokenization key has insufficient privileges (403)
    const kind = store.clientTokens.kindOf(request.authorization);
    if (!kind) return c.json({ error: { message: AUTHORIZATION_INVALID } }, 401);
    if (kind === 'tokenizationKey')
      return c.json({ error: { message: AUTHORIZATION_INSUFFICIENT }, fieldErrors: [] }, 403);
    const fake = FAKE_NONCES[request.nonce];
    const entry = fake && !('error' in fake) ? { card: fake, consumed: false } : store.getNonce(request.nonce);
    if (!entry || entry.consumed)
      return c.json({ error: { message: 'Payment method nonce not found or already consumed.' } }, 404);
    if (!fake) store.consume(request.nonce);
    const outcome = lookupOutcome(entry.card, request.challengeRequested === true);
    if (outcome === 'challenge') {
      const transactionId = randomId(12);
      const lookupNonce = store.createNonce(entry.card);
      store.setThreeDSecure(lookupNonce, info('challenge_required', false, true));
      store.addLookup({
        transactionId,
        nonce: lookupNonce,
        card: entry.card,
        amount: request.amount,
        parentOrigin,
        used: false,
      });
      const acsUrl = `${new URL(c.req.url).origin}/three-d-secure/challenge?transactionId=${transactionId}`;
      const threeDSecureInfo = info('challenge_required', false, true);
      return c.json({
        lookup: { acsUrl, pareq: null, transactionId, threeDSecureVersion: VERSION },
        paymentMethod: paymentMethodPayload(lookupNonce, entry.card, {
          threeDSecureInfo,
          liabilityShifted: false,
          liabilityShiftPossible: true,
        }),
        threeDSecureInfo,
      });
    }
    const nonce = store.createNonce(entry.card);
    store.setThreeDSecure(nonce, outcome);
    return c.json({
      lookup: { acsUrl: null, transactionId: randomId(12), threeDSecureVersion: VERSION },
      paymentMethod: paymentMethodPayload(nonce, entry.card, {
        threeDSecureInfo: outcome,
        liabilityShifted: outcome.liabilityShifted,
        liabilityShiftPossible: outcome.liabilityShiftPossible,
      }),
      threeDSecureInfo: outcome,
    });
  });

  app.get('/three-d-secure/challenge', (c) => {
    const lookup = store.getLookup(c.req.query('transactionId') ?? '');
    if (!lookup || lookup.outcome)
      return c.html(errorPage('Unknown authentication', 'This authentication is unknown or finished.'), 404);
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${lookup.parentOrigin}`,
    );
    c.header('Cache-Control', 'no-store');
    return c.html(
      challengePage({
        transactionId: lookup.transactionId,
        parentOrigin: lookup.parentOrigin,
        amount: lookup.amount,
        lastFour: lookup.card.lastFour,
      }),
    );
  });

  app.get('/three-d-secure/challenge.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(CHALLENGE_SCRIPT);
  });

  // Called by the challenge page (same origin): records the outcome and returns a single-use JWT.
  app.post('/v1/three_d_secure/challenge', async (c) => {
    const body = z
      .object({ transactionId: z.string(), outcome: z.enum(['complete', 'fail']) })
      .safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json({ error: { message: 'There was a problem with your request.' } }, 400);
    const lookup = store.getLookup(body.data.transactionId);
    if (!lookup || lookup.outcome) return c.json({ error: { message: 'Unknown or finished authentication.' } }, 404);
    lookup.outcome = body.data.outcome;
    lookup.jwt = `sandbox-jwt.${randomBytes(24).toString('base64url')}`;
    return c.json({ jwt: lookup.jwt });
  });

  // POST payment_methods/{nonce}/three_d_secure/authenticate_from_jwt (spec §7)
  app.post('/v1/browser/three_d_secure/authenticate_from_jwt', async (c) => {
    if (!originOf(c, allowedOrigins)) return c.json({ error: { message: 'Origin not allowed.' } }, 403);
    const body = z
      .object({ jwt: z.string(), paymentMethodNonce: z.string() })
      .safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json({ error: { message: 'There was a problem with your request.' } }, 422);
    const lookup = store.findLookupByJwt(body.data.jwt);
    if (!lookup || lookup.used || lookup.nonce !== body.data.paymentMethodNonce) {
      return c.json({ errors: { message: 'JWT authentication failed.' } }, 422);
    }
    lookup.used = true;
    const result =
      lookup.outcome === 'complete'
        ? info('authenticate_successful', true, true)
        : info('authenticate_failed', false, true);
    const nonce = store.createNonce(lookup.card);
    store.setThreeDSecure(nonce, result);
    return c.json({
      paymentMethod: paymentMethodPayload(nonce, lookup.card, {
        threeDSecureInfo: result,
        liabilityShifted: result.liabilityShifted,
        liabilityShiftPossible: result.liabilityShiftPossible,
      }),
      threeDSecureInfo: result,
    });
  });
}

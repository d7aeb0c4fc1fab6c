/**
 * 3D Secure 2 in the sandbox (docs/PAYMENTS.md, spec §4 "3D Secure flow", §7 lookup and authenticate_from_jwt):
 * a lookup that is frictionless for some test cards and asks for a challenge for others, the provider's frames around
 * the bank's challenge (the step-up page that sends the challenge frame to the bank's ACS on its own origin, acs.ts,
 * and the notification URL the bank returns to), and the JWT exchange that returns the authenticated nonce.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { FAKE_NONCES, THREE_D_SECURE_CARDS, paymentMethodPayload, type StoredCard } from './cards.js';
import { errorPage } from './pages.js';
import { randomId, type SandboxStore, type ThreeDSecureInfo } from './store.js';
import { AUTHORIZATION_INSUFFICIENT, AUTHORIZATION_INVALID } from './authorization.js';
import {
  ACS_CHALLENGE_PATH,
  AUTO_POST_SCRIPT,
  MESSAGE_VERSION,
  autoPostPage,
  challengeFrameCsp,
  decodeCRes,
  encodeMessage,
} from './acs.js';

const VERSION = MESSAGE_VERSION;
/** EMV 3DS `challengeWindowSize` 02: 390×400, the size that fits the product's 400×400 frame (§9). */
const CHALLENGE_WINDOW_SIZE = '02';

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

/** The CReq for a challenge (EMV 3DS browser challenge; the bank knows the transaction by its `acsTransID`). */
function creqFor(transactionId: string): string {
  return encodeMessage({
    messageType: 'CReq',
    messageVersion: VERSION,
    threeDSServerTransID: crypto.randomUUID(),
    acsTransID: transactionId,
    challengeWindowSize: CHALLENGE_WINDOW_SIZE,
  });
}

/** Where the product's challenge frame starts: the provider's step-up page (Cardinal's StepUp role). */
export const STEP_UP_PATH = '/three-d-secure/step-up';
/** The provider's notification URL the bank POSTs its CRes to (Cardinal's term URL role). */
export const NOTIFICATION_PATH = '/three-d-secure/notify';

/**
 * The notification page's script: hands the outcome to the merchant's page (`window.parent`, the checked parent
 * origin), as Cardinal's frame tells Songbird — the JWT to exchange, or a customer cancel.
 */
const NOTIFY_SCRIPT = `(function () {
  var data = document.body.dataset;
  var message = data.jwt
    ? { source: 'ofw-sandbox-3ds', type: 'challengeComplete', transactionId: data.transactionId, jwt: data.jwt, actionCode: data.actionCode }
    : { source: 'ofw-sandbox-3ds', type: 'cancel', transactionId: data.transactionId, challengeCancel: data.challengeCancel };
  window.parent.postMessage(message, data.parentOrigin);
})();`;

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function notifyPage(data: Record<string, string>): string {
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Returning to the merchant</title></head><body${attributes}><p>Returning to the merchant…</p><script src="${NOTIFICATION_PATH}.js"></script></body></html>`;
}

function originOf(c: Context, allowedOrigins: readonly string[]): string | undefined {
  const origin = c.req.header('origin');
  return origin && allowedOrigins.includes(origin) ? origin : undefined;
}

/** What the 3D Secure routes use: the sandbox's state, the merchant pages allowed to call, the bank's origin. */
interface ThreeDSecureDeps {
  store: SandboxStore;
  allowedOrigins: readonly string[];
  acsOrigin: string;
}

/**
 * Registers the provider's 3D Secure routes: the lookup, the step-up page that sends the challenge frame to the bank
 * (`acsOrigin`, acs.ts), the notification URL the bank returns to, and the JWT exchange.
 */
export function registerThreeDSecure(app: Hono, deps: ThreeDSecureDeps): void {
  registerLookup(app, deps);
  registerStepUp(app, deps);
  registerNotification(app, deps);
  registerJwtExchange(app, deps);
}

/** The bank's challenge page the lookup and the step-up send the frame to. */
const acsUrlOf = (acsOrigin: string) => `${acsOrigin}${ACS_CHALLENGE_PATH}`;

/** The lookup: a frictionless outcome at once, or a challenge at the bank (`acsUrl`, `pareq`). */
function registerLookup(app: Hono, { store, allowedOrigins, acsOrigin }: ThreeDSecureDeps): void {
  const acsUrl = acsUrlOf(acsOrigin);
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
        notificationUrl: `${new URL(c.req.url).origin}${NOTIFICATION_PATH}`,
        used: false,
      });
      const threeDSecureInfo = info('challenge_required', false, true);
      // Braintree answers the bank's ACS URL and the CReq for it (`pareq`, Cardinal's `Payload`)
      const pareq = creqFor(transactionId);
      return c.json({
        lookup: { acsUrl, pareq, transactionId, threeDSecureVersion: VERSION },
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
}

/** The provider's step-up frame and its script. */
function registerStepUp(app: Hono, { store, acsOrigin }: ThreeDSecureDeps): void {
  const acsUrl = acsUrlOf(acsOrigin);
  // The provider's frame (Cardinal's StepUp): POSTs the lookup's CReq to the bank's ACS URL, so the challenge frame's
  // document goes to the bank's origin
  app.get(STEP_UP_PATH, (c) => {
    const lookup = store.getLookup(c.req.query('transactionId') ?? '');
    if (!lookup || lookup.outcome || lookup.used)
      return c.html(errorPage('Unknown authentication', 'This authentication is unknown or finished.'), 404);
    c.header('Content-Security-Policy', challengeFrameCsp(lookup.parentOrigin, acsOrigin));
    c.header('Cache-Control', 'no-store');
    return c.html(
      autoPostPage({
        title: 'Connecting to your bank',
        action: acsUrl,
        fields: {
          creq: creqFor(lookup.transactionId),
        },
        script: `${STEP_UP_PATH}.js`,
      }),
    );
  });

  app.get(`${STEP_UP_PATH}.js`, (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(AUTO_POST_SCRIPT);
  });
}

/** The notification URL the bank's page posts its CRes to, and the script of the page it answers. */
function registerNotification(app: Hono, { store }: ThreeDSecureDeps): void {
  // The bank's CRes arrives here (a form POST from the bank's page); the outcome is the one the bank recorded, not the
  // browser's word. The page hands a single-use JWT — or the cancel — to the merchant's page.
  app.post(NOTIFICATION_PATH, async (c) => {
    const cres = decodeCRes((await c.req.parseBody()).cres);
    const lookup = cres ? store.getLookup(cres.acsTransID) : undefined;
    if (!cres || !lookup || lookup.used || lookup.jwt)
      return c.html(errorPage('Unknown authentication', 'This authentication is unknown or finished.'), 404);
    const base = { 'transaction-id': lookup.transactionId, 'parent-origin': lookup.parentOrigin };
    let data: Record<string, string>;
    if (cres.challengeCancel) data = { ...base, 'challenge-cancel': cres.challengeCancel };
    else if (lookup.outcome) {
      lookup.jwt = `sandbox-jwt.${randomBytes(24).toString('base64url')}`;
      data = { ...base, jwt: lookup.jwt, 'action-code': lookup.outcome === 'complete' ? 'SUCCESS' : 'FAILURE' };
    } else return c.html(errorPage('Unknown authentication', 'The bank has not answered.'), 409);
    c.header('Content-Security-Policy', challengeFrameCsp(lookup.parentOrigin, "'none'"));
    c.header('Cache-Control', 'no-store');
    return c.html(notifyPage(data));
  });

  app.get(`${NOTIFICATION_PATH}.js`, (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(NOTIFY_SCRIPT);
  });
}

/** The JWT exchange: the merchant page trades the notification's single-use JWT for the authenticated nonce. */
function registerJwtExchange(app: Hono, { store, allowedOrigins }: ThreeDSecureDeps): void {
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
